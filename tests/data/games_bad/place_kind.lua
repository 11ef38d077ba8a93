-- error: :8: rules.place must be "empty", "flank" or "gravity", got "anywhere"
return {
  name = "bad_place_kind",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = "anywhere",
  },
}
