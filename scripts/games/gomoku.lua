-- gomoku.lua — five in a row on the points of a Go-style board, declared
-- as rule blocks.
--
-- Black (X) moves first; players take turns placing a stone on an empty
-- point; the first to get an unbroken line of five of their stones
-- horizontally, vertically or diagonally wins.  A full board is a draw.
-- A move is the point's name ("h8").  Free-style by default: a line of six
-- or more also wins; with exact_five only exactly five does (standard
-- gomoku).
--
-- Params:
--   size        int,  default 15 (5..19): the board is size × size points
--   exact_five  bool, default false: overlines (six or more) do not win
--
-- FEN: ranks from the top, "15/15/... w 0" (board, side, ply).

return {
  name = "gomoku",
  title = "Gomoku (five in a row)",
  help = "Take turns placing stones; five in a row wins.",
  params = {
    { key = "size", type = "int", default = 15, min = 5, max = 19,
      doc = "board size: size x size points" },
    { key = "exact_five", type = "bool", default = false,
      doc = "only exactly five in a row wins (no overlines)" },
  },
  board = function(params)
    return { width = params.size, height = params.size, kind = "points", look = "go" }
  end,
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = function(params)
    return {
      place = "empty",
      line = { length = 5, exact = params.exact_five, reason = "five in a row" },
      stuck = "draw",
      playout = { rave = true },   -- when played by MCTS: a point is worth much the same whenever it is taken
    }
  end,
  -- Open runs matter most (an open four wins, an open three threatens
  -- one); stones near the centre are worth a little more.
  eval = function(params)
    local n, c, w = params.size, (params.size - 1) / 2, {}
    for rank = 0, n - 1 do
      for file = 0, n - 1 do
        w[#w + 1] = math.floor(20 - math.abs(file - c) - math.abs(rank - c))
      end
    end
    return { squares = w, runs = { 1, 12, 120, 1500 } }
  end,
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
