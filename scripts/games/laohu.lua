-- laohu.lua — 老虎棋 (lǎohǔ qí), the Chinese tiger game: one tiger against
-- eighteen men, declared as rule blocks.
--
-- Setup followed: the board and pieces of the Chinese folk game as the
-- Wikipedia article "Tiger game" and the Chinese board-game museum's page
-- on 老虎棋 (wisdom669.com) give them: a board of 8×8 squares (9×9
-- points joined by orthogonal lines) with a lair (虎巢) of 2×2 squares
-- (3×3 points) added above the middle of one side, its lowest row the
-- board's edge (d9–f9); one tiger, eighteen men.  The sources give no
-- start position; here the men stand on the two ranks farthest from the
-- lair (a1–i2) and the tiger at the lair's centre (e10), and the men move
-- first.
--
--  * Men (M): a turn moves one man along a line to an adjacent empty
--    point.  Men never capture; they may enter the lair.
--  * The tiger (t): a turn moves it along a line to an adjacent empty
--    point, or jumps over an adjacent man, in a straight line, onto the
--    empty point just beyond it, capturing that man (one capture a turn).
--  * The men win when the tiger, to move, cannot move.  The tiger wins
--    when it has captured `captures` men: the sources say that with more
--    than three men lost the men no longer have the force to trap it.  A
--    men side without a move loses; the third repetition of a position is
--    a draw.
--
-- Params:
--   captures  int, default 4 (1..17): men captured that win for the tiger
--
-- Moves: from-to, "e2e3" (a step) or "e10e8" (a jump).  FEN (ranks from
-- the top; the lair's holes count as empty points):
-- "9/4t4/9/9/9/9/9/9/9/MMMMMMMMM/MMMMMMMMM w 0" is the start.

return {
  name = "laohu",
  title = "老虎棋 Laohu (the Chinese tiger game)",
  help = "Eighteen men try to trap the tiger; the tiger jumps men to capture them.",
  params = {
    { key = "captures", type = "int", default = 4, min = 1, max = 17,
      doc = "captured men that win for the tiger" },
  },
  board = {
    width = 9, height = 11, kind = "points", diagonals = "none",
    shape = {
      "...xxx...",
      "...xxx...",
      "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx",
      "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx",
    },
    regions = { { name = "lair", from = "d9", to = "f11" } },
  },
  sides = { "men", "tiger" },
  -- the tiger is worth the eighteen men, so that a draw weighs even for both
  pieces = { M = { glyph = "", value = 200 }, t = { glyph = "T", value = 3600 } },
  draw = { repetitions = 3 },
  rules = function(params)
    return {
      start = "9/4t4/9/9/9/9/9/9/9/MMMMMMMMM/MMMMMMMMM",
      move = { M = "step", t = { "step", "jump" } },
      captures = { count = params.captures, reason = "men captured" },
      stuck = { result = "loses", reason = { "men trapped", "tiger trapped" } },
    }
  end,
  -- the tiger's moves count (fewer, closer to a trap), the men's do not;
  -- men gain by advancing on the lair, rank by rank; the tiger gains by
  -- standing next to men (careful men are never caught by a tiger that
  -- keeps away)
  eval = function()
    local men = {}
    for rank = 1, 11 do
      for _ = 1, 9 do men[#men + 1] = 6 * (rank - 1) end
    end
    return { mobility = { 0, 20 }, near = { 0, 30 }, squares = { M = men } }
  end,
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
