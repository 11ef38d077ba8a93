-- error: :12: rules.promote.zone: 'near' is not a zone of rules.zones
return {
  name = "bad_promote_zone",
  board = { width = 8, height = 8, kind = "cells" },
  sides = { "white", "black" },
  pieces = { K = {}, k = {}, R = {}, r = {}, P = {}, p = {} },
  rules = {
    start = "r3k2r/p7/8/8/8/8/P7/R3K2R",
    move = { K = { { "step", "all" } }, k = { { "step", "all" } }, R = { { "slide", "orthogonal" } },
             r = { { "slide", "orthogonal" } }, P = { { "step", "forward" } }, p = { { "step", "forward" } } },
    zones = { far = { "a8-h8", "a1-h1" } },
    promote = { zone = "near", P = "R" },
  },
}
