-- liuzichong.lua — 六子冲 (liù zǐ chōng, "six pieces charge"), a Chinese
-- folk game, declared as rule blocks.
--
-- Rules (as published with the game by players, e.g. the rules posted as
-- "Six Stone Chess" on the Straight Dope message board, translated from a
-- Chinese app, and the "Two Hit Chess" description of slidetoplay.com):
--  * The board is 4×4 points joined by orthogonal lines (no diagonals).
--  * Each side has six pieces: white on its first rank (a1–d1) and the two
--    ends of its second (a2, d2); black likewise on a4–d4, a3 and d3.
--    White moves first.
--  * A turn moves one own piece one point along a line to an empty point.
--  * Capture: after the move, look along the row and the column of the
--    moved piece (each a whole line of four points).  When that line
--    holds two adjacent own pieces, one of them the moved piece, and one
--    enemy piece adjacent to them, and its fourth point is empty, the
--    enemy piece is removed: own-own-enemy-empty or empty-own-own-enemy,
--    read either way (the sources' own example is the second: black
--    moving b2a2 with black on a3, white on a4 and a1 empty takes a4).
--    The row and the column may both capture.  Only the mover captures:
--    a piece that moves into the enemy's place of such a line is safe.
--  * A side left with fewer than two pieces, or with no move, loses.
--    The third repetition of a position is a draw (our addition, as in
--    the other move-only games here; the sources name no draw).
--
-- Moves: from-to, "a2b2".  FEN: "bbbb/b2b/W2W/WWWW w 0" (ranks from the
-- top, side, ply).

return {
  name = "liuzichong",
  title = "六子冲 Liuzichong (six pieces charge)",
  help = "Move a piece one point; two of yours in a line next to a lone enemy piece, with the rest of the line empty, take it.",
  board = { width = 4, height = 4, kind = "points", diagonals = "none" },
  sides = { "white", "black" },
  pieces = { W = { glyph = "", value = 100 }, b = { glyph = "", value = 100 } },
  draw = { repetitions = 3 },
  rules = {
    start = "bbbb/b2b/W2W/WWWW",
    move = "step",
    capture = { "custodian", pattern = { "XXo.", ".XXo" }, whole_line = true },
    fewer = { count = 2, reason = "one piece left" },
    stuck = { result = "loses", reason = "no moves" },
  },
  eval = { mobility = 5 },
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
