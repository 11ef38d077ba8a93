-- error: :9: rules.swap: the pie rule needs two sides placing pieces on a square board
return {
  name = "bad_swap_square",
  board = { width = 4, height = 3, kind = "cells", diagonals = "hex" },
  sides = { "red", "blue" },
  pieces = { X = "", o = "" },
  rules = {
    place = "empty",
    swap = true,
  },
}
