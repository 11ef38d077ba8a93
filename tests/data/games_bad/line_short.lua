-- error: :9: rules.line must be between 2 and 19, got 1
return {
  name = "bad_line_short",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = "empty",
    line = 1,
  },
}
