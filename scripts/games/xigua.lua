-- xigua.lua — 西瓜棋 (xī guā qí, watermelon chess), declared as rule blocks.
--
-- Rules followed: those given by Wikipedia's "Watermelon chess" (and the
-- same in R. Bell's and Board and Pieces' descriptions): the board is a
-- large circle with a small circle at its centre, a cross of two diameters,
-- and four arcs bulging in from the north, east, south and west: 21 points.
-- Each player has six pieces on the six points nearest to them (five on
-- the outer circle, one on their arc's crown).  A turn moves one piece
-- along a line or arc to the adjacent empty point.  Pieces surrounded so
-- that they cannot move are captured: after a move, every enemy group (a
-- piece, or pieces joined along the lines) touching the moved piece with
-- no empty neighbouring point is removed.  A piece may move into a point
-- where it has no empty neighbour; it is not captured by its own move.
-- A side reduced to two pieces, or without a move, loses; the third
-- repetition of a position is a draw.
-- Where sources differ: some say only one piece is captured per turn; here
-- a surrounded group goes whole, as the surrounding rule reads (a lone
-- piece, the usual case, is one piece either way).
--
-- The board on a 7×7 grid (rank 7 at the top, north): the cross is file d
-- and rank 4 (centre d4); the inner circle is d5 e4 d3 c4; the arcs' crowns
-- are d6 f4 d2 b4; the outer circle runs d7 e7 g5 g4 g3 e1 d1 c1 a3 a4 a5
-- c7.  Each point has at most one link per direction, so steps follow the
-- links as on any grid; the window draws links round the centre as arcs.
--
-- Moves: from-to ("d2d3").  FEN: the 7×7 grid, rank 7 first (holes count
-- as empty), side, ply.

return {
  name = "xigua",
  title = "Watermelon chess (西瓜棋)",
  help = "Move one piece a step along the lines; surround enemy pieces to capture them; two left loses.",
  board = {
    width = 7, height = 7, kind = "points", look = "circles",
    shape = {
      "..xxx..",
      "...x...",
      "x..x..x",
      "xxxxxxx",
      "x..x..x",
      "...x...",
      "..xxx..",
    },
    links = {
      -- the cross
      { "d1", "d2", "d3", "d4", "d5", "d6", "d7" },
      { "a4", "b4", "c4", "d4", "e4", "f4", "g4" },
      -- the inner circle
      { "d5", "e4", "d3", "c4", "d5" },
      -- the outer circle
      { "d7", "e7", "g5", "g4", "g3", "e1", "d1", "c1", "a3", "a4", "a5", "c7", "d7" },
      -- the four arcs, each through its crown
      { "c7", "d6", "e7" }, { "g5", "f4", "g3" }, { "e1", "d2", "c1" }, { "a3", "b4", "a5" },
    },
  },
  sides = { "white", "black" },
  pieces = { X = { glyph = "", value = 100 }, o = { glyph = "", value = 100 } },
  draw = { repetitions = 3 },
  rules = {
    start = "2ooo2/3o3/o5o/7/X5X/3X3/2XXX2",
    move = "step",
    capture = "surround",
    fewer = { count = 3, reason = "two pieces left" },
    stuck = "loses",
  },
  -- material, and room to move (a piece without it is near capture)
  eval = { mobility = 5 },
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
