-- error: :10: rules.count.result must be "draw", "most" or "fewest", got "more"
return {
  name = "bad_count_value",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = "flank",
    stuck = "pass",
    count = { result = "more" },
  },
}
