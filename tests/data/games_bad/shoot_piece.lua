-- error: :9: rules.shoot.piece: 'z' is not a piece of 'pieces'
return {
  name = "bad_shoot_piece",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "white", "black" },
  pieces = { Q = "", q = "", x = { glyph = "x", neutral = true } },
  rules = {
    move = "slide",
    shoot = { piece = "z" },
  },
}
