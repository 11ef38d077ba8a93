-- error: :10: rules.move.P: 'home' is not a zone of rules.zones
return {
  name = "bad_from_zone",
  title = "bad from_zone",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    move = { P = { { "step", "forward" }, { "slide", "forward", range = 2, from = "home" } }, p = { { "step", "forward" } } },
  },
}
