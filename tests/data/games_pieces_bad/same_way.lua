-- error: :10: rules.move.P: two movements go the same way {0, 1}
return {
  name = "bad_same_way",
  title = "bad same_way",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "step", "forward" }, { "slide", "orthogonal" } }, p = { { "step", "forward" } } },
  },
}
