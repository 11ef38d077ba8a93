-- error: :10: rules.move.P: a leap takes offsets {a, b} (a knight: {1, 2})
return {
  name = "bad_leap_dirs",
  title = "bad leap_dirs",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "leap", "forward" } }, p = { { "step", "forward" } } },
  },
}
