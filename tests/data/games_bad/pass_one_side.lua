-- error: :11: rules.stuck: "pass" needs two sides
return {
  name = "bad_pass_one_side",
  board = { width = 3, height = 3, kind = "points" },
  sides = { "solver" },
  pieces = { P = "" },
  rules = {
    start = "PP1/3/3",
    move = "jump",
    jump = { over = "any" },
    stuck = "pass",
  },
}
