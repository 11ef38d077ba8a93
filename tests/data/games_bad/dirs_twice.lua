-- error: :8: rules.move.M.directions: the piece is in rules.move.forward too; say it once
return {
  name = "bad_dirs_twice",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", m = "" },
  rules = {
    move = { M = { "step", directions = "forward" }, m = "step", forward = "M" },
  },
}
