-- error: :11: rules.reach: 'near' is not a zone of rules.zones
return {
  name = "bad_reach_zone",
  title = "bad reach_zone",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  rules = {
    start = "ppppp/5/5/5/PPPPP",
    zones = { far = { "a5-e5", "a1-e1" } },
    reach = "near",
    move = { P = { { "step", "forward" } }, p = { { "step", "forward" } } },
  },
}
