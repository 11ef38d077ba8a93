-- error: :8: rules.move.M.directions: none of these directions is among rules.move.directions
return {
  name = "bad_dirs_outside",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", m = "" },
  rules = {
    move = { M = { "step", directions = "forward" }, m = "step", directions = "diagonal" },
  },
}
