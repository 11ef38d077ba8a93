-- error: :9: rules.resets_no_capture: 'x' is not a piece of 'pieces'
return {
  name = "bad_resets_letter",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", m = "" },
  rules = {
    move = "step",
    resets_no_capture = "x",
  },
}
