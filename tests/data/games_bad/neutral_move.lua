-- error: :8: rules.move.x: 'x' is neutral and does not move
return {
  name = "bad_neutral_move",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "white", "black" },
  pieces = { Q = "", q = "", x = { glyph = "x", neutral = true } },
  rules = {
    move = { Q = "slide", q = "slide", x = "slide" },
  },
}
