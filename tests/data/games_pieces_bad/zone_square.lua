-- error: :10: rules.zones.water: 'b2-c9' is not a rectangle of the board
return {
  name = "bad_zone_square",
  title = "bad zone_square",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    zones = { water = "b2-c9" },
    move = { P = { { "step", "forward" } }, p = { { "step", "forward" } } },
  },
}
