-- baghchal.lua — Bagh-Chal ("moving tiger"), the Nepali hunt game,
-- declared as rule blocks.
--
-- Played on the points of a 5×5 alquerque board: orthogonal lines
-- everywhere, diagonal lines through the points whose file + rank is
-- even.  Four tigers (t) start on the corners; the goats (G) start in
-- hand.  Goats move first.
--
--  * Goats: while any goat is in hand, a goat turn puts one on an empty
--    point; after that, a goat turn moves one goat along a line to an
--    adjacent empty point.  Goats never capture.
--  * Tigers: a tiger turn either moves one tiger along a line to an
--    adjacent empty point, or jumps over an adjacent goat, in a straight
--    line, onto the empty point just beyond it, capturing that goat.  One
--    capture per turn.  Tigers may capture during the placing phase.
--  * Tigers win by capturing `captures` goats; goats win when the tigers
--    (to move) have no legal move.  A goat side without a move loses; the
--    third repetition of a position is a draw.
--
-- Params:
--   goats     int, default 20 (4..21): goats that enter the game
--   captures  int, default 5  (1..20): captures that win for the tigers
--
-- Moves: a placement is the point ("c3"), a step or jump is from-to
-- ("a1c3").  FEN: "t3t/5/5/5/t3t[GGGGGGGGGGGGGGGGGGGG] w 0" (board with
-- the goats in hand, side, ply).

return {
  name = "baghchal",
  title = "Bagh-Chal (tigers and goats)",
  help = "Goats try to trap the four tigers; tigers jump goats to capture them.",
  params = {
    { key = "goats", type = "int", default = 20, min = 4, max = 21,
      doc = "goats that enter the game" },
    { key = "captures", type = "int", default = 5, min = 1, max = 20,
      doc = "captured goats that win for the tigers" },
  },
  board = { width = 5, height = 5, kind = "points", diagonals = "alquerque" },
  sides = { "goats", "tigers" },
  pieces = { G = { glyph = "G", value = 250 }, t = { glyph = "T", value = 0 } },
  draw = { repetitions = 3 },
  rules = function(params)
    return {
      start = "t3t/5/5/5/t3t",
      place = { on = "empty", pieces = "G", hand = params.goats },
      move = { G = "step", t = { "step", "jump" } },
      captures = { count = params.captures, reason = "goats captured" },
      stuck = { result = "loses", reason = { "goats trapped", "tigers trapped" } },
    }
  end,
  -- each capture is a big step to the tigers' win (a goat is worth 250 on
  -- the board and in hand); mobility: fewer tiger moves, closer to a trap
  eval = { hand = 250, mobility = 10 },
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
