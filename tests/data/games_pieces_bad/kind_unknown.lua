-- error: :10: rules.move.P: a movement starts with "step", "slide", "leap" or "cross", got 'hop'
return {
  name = "bad_kind_unknown",
  title = "bad kind_unknown",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "hop", "forward" } }, p = { { "step", "forward" } } },
  },
}
