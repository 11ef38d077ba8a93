-- morris3.lua — Three Men's Morris on the 3×3 board of points.
--
-- Each player has three men.  Placing phase: players take turns putting a
-- man on an empty point (White, X, first) until all six are down.  Moving
-- phase: a turn moves one of your men along a line to the adjacent empty
-- point.  Three of your men in a line along the board's lines wins, in
-- either phase.  A player who cannot move loses; the third repetition of
-- a position is a draw.
--
-- The traditional board has the two long diagonals through the centre
-- (the lines men may move along and win on); diagonals = false gives the
-- plain grid.
--
-- Params:
--   diagonals  bool, default true: the board has its two diagonals
--
-- Moves: a placement is the point ("b2"), a move is from-to ("a1b2").
-- FEN: "3/3/3 w 0" (board, side, ply).  Perft from the start agrees with
-- tic-tac-toe for the six placing plies: 9, 72, 504, 3024, 15120, 54720.

local MEN = 3

local function line(pos)
  return qp.find_line(pos, 3)
end

local function placing(pos)
  return pos:count("X") + pos:count("o") < 2 * MEN
end

return {
  name = "hk_morris3",
  title = "Three Men's Morris",
  help = "Place three men each, then move them along the lines; three in a row wins.",
  params = {
    { key = "diagonals", type = "bool", default = true,
      doc = "the board has its two long diagonals (traditional)" },
  },
  board = function(params)
    return { width = 3, height = 3, kind = "points",
             diagonals = params.diagonals and "alquerque" or "none" }
  end,
  sides = { "white", "black" },
  pieces = { X = "", o = "" },
  draw = { repetitions = 3 },

  moves = function(pos)
    if line(pos) then return end
    if placing(pos) then
      pos:add_empty()
      return
    end
    local me = pos:side() == 0 and "X" or "o"
    for sq = 0, qp.n - 1 do
      if pos:get(sq) == me then
        for _, to in ipairs(qp.adj[sq]) do
          if not pos:get(to) then pos:add(qp.move(sq, to)) end
        end
      end
    end
  end,

  play = function(pos, move)
    local from, to = qp.decode(move)
    local me = pos:side() == 0 and "X" or "o"
    if from then pos:set(from, nil) end
    pos:set(to, me)
  end,

  irreversible = function(pos, move)
    return qp.from(move) == nil   -- a placement can never be undone
  end,

  outcome = function(pos)
    local letter = line(pos)
    if letter then
      return "win", letter == "X" and 0 or 1, "three in a row"
    end
    -- a player who cannot move loses: the adapter's default ("no moves")
  end,

  evaluate = function(pos)
    -- the centre point is on four lines
    local c = pos:get(4)
    if not c then return 0 end
    return ((c == "X") == (pos:side() == 0)) and 20 or -20
  end,
}
