-- morris3.lua — Three Men's Morris, declared as rule blocks.
--
-- Each player has three men in hand.  Placing phase: players take turns
-- putting a man on an empty point (White, X, first) until all six are
-- down.  Moving phase: a turn moves one of your men along a line to the
-- adjacent empty point.  Three of your men in a line along the board's
-- lines wins, in either phase.  A player who cannot move loses; the third
-- repetition of a position is a draw.
--
-- The traditional board has the two long diagonals through the centre
-- (the 米 board: men move and win along them too); diagonals = false gives
-- the plain 3×3 grid of lines.
--
-- Params:
--   diagonals  bool, default true: the board has its two diagonals
--   fly        bool, default false: after placing, a man moves to any empty
--              point instead of along a line (a common variant)
--
-- Moves: a placement is the point ("b2"), a move is from-to ("a1b2").
-- FEN: "3/3/3[XXXooo] w 0" (board with the men in hand, side, ply).

return {
  name = "morris3",
  title = "Three Men's Morris",
  help = "Place three men each, then move them along the lines; three in a row wins.",
  params = {
    { key = "diagonals", type = "bool", default = true,
      doc = "the board has its two long diagonals (traditional)" },
    { key = "fly", type = "bool", default = false,
      doc = "after placing, a man moves to any empty point" },
  },
  board = function(params)
    return { width = 3, height = 3, kind = "points",
             diagonals = params.diagonals and "alquerque" or "none" }
  end,
  sides = { "white", "black" },
  pieces = { X = "", o = "" },
  draw = { repetitions = 3 },
  rules = {
    place = { on = "empty", hand = 3 },   -- place all three, then move
    move = "step",                         -- along a line to the next point
    fly = function(p) return p.fly end,    -- or, with fly, to any empty point
    line = 3,
    stuck = "loses",
  },
  eval = { squares = { 0, 0, 0, 0, 20, 0, 0, 0, 0 } },   -- the centre is on most lines
  ai = "alphabeta",   -- matches drew (docs/engine.md): the default kept
}
