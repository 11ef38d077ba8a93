-- error: :8: rules.move.forward: 'Z' is not a piece of 'pieces'
return {
  name = "bad_forward_letter",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", m = "" },
  rules = {
    move = { M = "step", m = "step", forward = "MZ" },
  },
}
