-- error: :9: rules.line.length must be an integer, got string
return {
  name = "bad_line_type",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = "empty",
    line = { length = "three" },
  },
}
