-- error: :9: rules.promote.M: 'k' is not the same side's piece
return {
  name = "bad_promote_side",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", k = "", m = "" },
  rules = {
    move = "step",
    promote = { M = "k" },
  },
}
