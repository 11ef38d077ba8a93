-- error: :9: rules.stuck must be "loses", "wins", "draw" or "pass", got "lose"
return {
  name = "bad_stuck_value",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = "empty",
    stuck = "lose",
  },
}
