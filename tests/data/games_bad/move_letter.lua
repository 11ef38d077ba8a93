-- error: :8: rules.move: 'Z' is not a piece of 'pieces'
return {
  name = "bad_move_letter",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    move = { X = "step", Z = "slide" },
  },
}
