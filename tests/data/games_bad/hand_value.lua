-- error: :8: rules.place.hand must be between 0 and 255, got -1
return {
  name = "bad_hand_value",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = { on = "empty", hand = -1 },
  },
}
