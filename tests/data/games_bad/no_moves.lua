-- error: :7: rules: a game needs 'place' or 'move' (or a 'moves' hook)
return {
  name = "bad_no_moves",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    line = 3,
  },
}
