-- error: :10: rules.move.P: unknown key 'ranges' (did you mean 'range'?)
return {
  name = "bad_movement_key",
  title = "bad movement_key",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "slide", "forward", ranges = 2 } }, p = { { "step", "forward" } } },
  },
}
