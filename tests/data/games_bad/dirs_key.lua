-- error: :8: rules.move.M: unknown key 'direction' (did you mean 'directions'?)
return {
  name = "bad_dirs_key",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", m = "" },
  rules = {
    move = { M = { "step", direction = "forward" }, m = "step" },
  },
}
