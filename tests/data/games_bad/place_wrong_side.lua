-- error: :8: rules.place: piece 'o' is not the first side's
return {
  name = "bad_place_wrong_side",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = { on = "empty", pieces = { "o", "X" } },
  },
}
