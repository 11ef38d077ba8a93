-- error: :10: rules.move.P: unknown direction 'forwards' (n, ne, e, se, s, sw, w, nw, orthogonal, diagonal, all, forward, backward, sideways, forward-diagonals, backward-diagonals)
return {
  name = "bad_dir_unknown",
  title = "bad dir_unknown",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "step", "forwards" } }, p = { { "step", "forward" } } },
  },
}
