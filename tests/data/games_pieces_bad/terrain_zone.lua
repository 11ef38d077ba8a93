-- error: :11: rules.terrain.lake: 'lake' is not a zone of rules.zones
return {
  name = "bad_terrain_zone",
  title = "bad terrain_zone",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    zones = { water = "b2-c3" },
    terrain = { lake = { pieces = "P" } },
    move = { P = { { "step", "forward" } }, p = { { "step", "forward" } } },
  },
}
