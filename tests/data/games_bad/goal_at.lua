-- error: :11: rules.goal.at: 'd9' is not a square of the board
return {
  name = "bad_goal_at",
  board = { width = 3, height = 3, kind = "points" },
  sides = { "solver" },
  pieces = { P = "" },
  rules = {
    start = "PP1/3/3",
    move = "jump",
    jump = { over = "any" },
    goal = { at = "d9" },
  },
}
