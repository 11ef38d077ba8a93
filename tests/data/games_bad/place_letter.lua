-- error: :8: rules.place.pieces: 'Q' is not a piece of 'pieces'
return {
  name = "bad_place_letter",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = { on = "empty", pieces = "Q" },
  },
}
