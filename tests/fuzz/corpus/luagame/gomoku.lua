-- gomoku.lua — five in a row on the points of a Go-style board.
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

local function five(pos)
  return qp.find_line(pos, 5, qp.params.exact_five)
end

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
    return { width = params.size, height = params.size, kind = "points" }
  end,
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  irreversible = true,
  max_plies = function(params) return params.size * params.size end,

  moves = function(pos)
    if five(pos) then return end
    pos:add_empty()
  end,

  play = function(pos, move)
    pos:set(qp.to(move), pos:side() == 0 and "X" or "o")
  end,

  outcome = function(pos)
    local letter = five(pos)
    if letter then
      return "win", letter == "X" and 0 or 1, "five in a row"
    end
    if pos:count("X") + pos:count("o") == qp.n then
      return "draw", "board full"
    end
  end,

  -- Stones near the centre are worth a little more: enough for the search
  -- to open sensibly, nothing like real gomoku knowledge.
  evaluate = function(pos)
    local c = (qp.w - 1) / 2
    local score = 0
    for sq = 0, qp.n - 1 do
      local p = pos:get(sq)
      if p then
        local d = math.abs(qp.file(sq) - c) + math.abs(qp.rank(sq) - c)
        local v = 20 - d
        if (p == "X") == (pos:side() == 0) then score = score + v else score = score - v end
      end
    end
    return math.floor(score)
  end,
}
