-- morris9.lua — Nine Men's Morris (Mühle, Merels), declared as rule blocks.
--
-- Rules (as commonly played today, e.g. the rules of the Mühle federations
-- and of most rule books): the board is three nested squares joined at the
-- middles of their sides, 24 points.  Each player has nine men in hand.
-- Players take turns placing a man on an empty point (White, X, first);
-- once all are placed, a turn moves a man along a line to the adjacent
-- empty point.  A side reduced to three men flies: its men move to any
-- empty point.  A man that completes three in a row along a line (a mill,
-- newly made by this placement or move: breaking a mill and closing it
-- again counts) removes one enemy man that stands in no mill, or any enemy
-- man when all stand in mills; two mills made at once still remove one.
-- A side reduced to two men, or without a legal move, loses.
--
-- Draws: the third repetition of a position.  The traditional rules have
-- no limit on moves without a mill (players agree a draw); none is set here
-- (draw.no_capture_plies is 0), so perft and play follow the rules above.
--
-- Moves: a placement is its point ("d2"), a move from-to ("a1d1"); a move
-- that makes a mill names the man it removes after an 'x' ("d2xa7",
-- "a1d1xg7").
-- FEN: the 7×7 grid, rank 7 first, '.'-free: holes count as empty
-- ("x2x2x/..." as printed), the men in hand in brackets, side, ply:
-- "7/7/7/7/7/7/7[XXXXXXXXXooooooooo] w 0" is the start.

return {
  name = "morris9",
  title = "Nine Men's Morris",
  help = "Place nine men each, then move them along the lines; a mill removes an enemy man; two men left loses.",
  board = {
    width = 7, height = 7, kind = "points",
    shape = {          -- rank 7 first; '.' is no point
      "x..x..x",
      ".x.x.x.",
      "..xxx..",
      "xxx.xxx",
      "..xxx..",
      ".x.x.x.",
      "x..x..x",
    },
    -- three squares and the four lines that join them; the mills are the
    -- 16 straight chains of these links (board.lines is not needed)
    links = {
      { "a1", "d1", "g1" }, { "g1", "g4", "g7" }, { "a7", "d7", "g7" }, { "a1", "a4", "a7" },
      { "b2", "d2", "f2" }, { "f2", "f4", "f6" }, { "b6", "d6", "f6" }, { "b2", "b4", "b6" },
      { "c3", "d3", "e3" }, { "e3", "e4", "e5" }, { "c5", "d5", "e5" }, { "c3", "c4", "c5" },
      { "d1", "d2", "d3" }, { "d5", "d6", "d7" }, { "a4", "b4", "c4" }, { "e4", "f4", "g4" },
    },
  },
  sides = { "white", "black" },
  pieces = { X = { glyph = "", value = 100 }, o = { glyph = "", value = 100 } },
  draw = { repetitions = 3 },
  rules = {
    place = { on = "empty", hand = 9 },   -- all nine placed before any moves
    move = "step",                         -- along a line to the next point
    fly = 3,                               -- with three men left: anywhere
    mill = { length = 3, noun = "man" },   -- a new mill removes an enemy man
    fewer = { count = 3, reason = "two men left" },
    stuck = "loses",
  },
  -- men count, in hand as on the board; a side with room to move is safer
  eval = { hand = 100, mobility = 3 },
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
