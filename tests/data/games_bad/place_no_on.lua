-- error: :8: rules.place needs 'on' ("empty", "flank" or "gravity")
return {
  name = "bad_place_no_on",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = { hand = 3 },
  },
}
