-- error: :8: rules.move.M.directions: unknown direction 'forwards' (n, ne, e, se, s, sw, w, nw, orthogonal, diagonal, all, forward, backward, sideways, forward-diagonals, backward-diagonals)
return {
  name = "bad_dirs_word",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", m = "" },
  rules = {
    move = { M = { "step", directions = "forwards" }, m = "step" },
  },
}
