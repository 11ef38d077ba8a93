-- error: :10: rules.ranks: piece 'p' has no rank
return {
  name = "bad_ranks_missing",
  title = "bad ranks_missing",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    ranks = { P = 1 },
    move = { P = { { "step", "forward" } }, p = { { "step", "forward" } } },
  },
}
