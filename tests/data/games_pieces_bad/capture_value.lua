-- error: :10: rules.move.P: capture must be "also", "only" or "never", got "maybe"
return {
  name = "bad_capture_value",
  title = "bad capture_value",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "step", "forward", capture = "maybe" } }, p = { { "step", "forward" } } },
  },
}
