-- error: :9: rules.promote: give `at` or `zone`, not both
return {
  name = "bad_promote_both",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", K = "", m = "" },
  rules = {
    move = "step",
    promote = { M = "K", at = "far rank", zone = "far" },
  },
}
