-- error: :10: rules.move.P: a cross needs the zone it crosses (zone = "water")
return {
  name = "bad_cross_no_zone",
  title = "bad cross_no_zone",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "cross", "forward" } }, p = { { "step", "forward" } } },
  },
}
