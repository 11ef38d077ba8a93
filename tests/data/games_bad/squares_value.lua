-- error: :4: 'board.squares' must be "dark" or "light"
return {
  name = "bad_squares_value",
  board = { width = 4, height = 4, kind = "cells", squares = "black" },
  sides = { "x", "o" },
  pieces = { M = "", m = "" },
  rules = { move = "step" },
}
