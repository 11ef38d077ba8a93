-- t_chain.lua — a test game for long jump chains (tests/unit/test_blocks.c):
-- a man on a10 takes twelve men in one chain (east along rank 10, then
-- north up the s file), whose move text (13 squares of three characters)
-- must survive a round trip.

return {
  name = "t_chain",
  title = "blocks test: a twelve-hop chain",
  board = { width = 19, height = 17, kind = "points", diagonals = "none" },
  sides = { "white", "black" },
  pieces = { M = "", m = "" },
  rules = {
    start = "19/19/18m/19/18m/19/18m/Mm1m1m1m1m1m1m1m1m1/19/19/19/19/19/19/19/19/19",
    move = "jump",
    jump = { chain = "full" },
  },
}
