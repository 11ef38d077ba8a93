-- error: :8: rules.place.hand must be a count or a list of counts, one per side
return {
  name = "bad_hand_list",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = { on = "empty", hand = { 5 } },
  },
}
