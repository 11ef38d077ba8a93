-- error: :8: rules.move must be "step", "slide", "jump" or "flying jump", got "fly"
return {
  name = "bad_move_kind",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    move = "fly",
  },
}
