-- t_puzzle.lua — a test puzzle (tests/unit/test_blocks.c): pegs on a 6×1 row
-- jump each other; solved with `left` pegs left (on `at`, when given).

return {
  name = "t_puzzle",
  title = "blocks test: a one-player goal",
  params = {
    { key = "left", type = "int", default = 1, min = 1, max = 6, doc = "pegs left that solve it" },
    { key = "at", type = "string", default = "", doc = "the square the last peg must be on" },
  },
  board = { width = 6, height = 1, kind = "points" },
  sides = { "solver" },
  pieces = { P = "" },
  rules = function(params)
    return {
      start = "PP1PP1",
      move = "jump",
      jump = { over = "any" },
      goal = { left = params.left, at = params.at ~= "" and params.at or nil },
    }
  end,
}
