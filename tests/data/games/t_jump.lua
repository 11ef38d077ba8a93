-- t_jump.lua — a test game for jumps (tests/unit/test_blocks.c): men step
-- and jump along every line of a 7×7 board; params choose chains, forced
-- jumps and whether own pieces may be jumped.

return {
  name = "t_jump",
  title = "blocks test: jumps",
  params = {
    { key = "chain", type = "string", default = "none", doc = "none, optional or full" },
    { key = "forced", type = "bool", default = false, doc = "a jump must be taken" },
    { key = "over", type = "string", default = "enemy", doc = "enemy or any" },
    { key = "dirs", type = "string", default = "lines", doc = "lines, orthogonal or diagonal" },
  },
  board = { width = 7, height = 7, kind = "points" },
  sides = { "white", "black" },
  pieces = { M = "", m = "", K = "" },
  rules = function(params)
    return {
      start = "m5m/7/7/7/7/7/M5M",
      move = { M = { "step", "jump" }, m = { "step", "jump" }, K = "step", directions = params.dirs },
      jump = { chain = params.chain, forced = params.forced, over = params.over },
      fewer = { count = 1, reason = "all men taken" },
    }
  end,
}
