-- error: :9: rules.goal is for one-player puzzles
return {
  name = "bad_goal_two_sides",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = "empty",
    goal = { left = 1 },
  },
}
