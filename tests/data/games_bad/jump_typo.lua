-- error: :9: rules.jump: unknown key 'forcd' (did you mean 'forced'?)
return {
  name = "bad_jump_typo",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    move = "jump",
    jump = { forcd = true },
  },
}
