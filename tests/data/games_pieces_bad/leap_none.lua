-- error: :10: rules.move.P: a leap needs offsets ({1, 2})
return {
  name = "bad_leap_none",
  title = "bad leap_none",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "leap" } }, p = { { "step", "forward" } } },
  },
}
