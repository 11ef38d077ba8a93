-- error: :8: rules.start: FEN board: rank 3 has more than 3 squares
return {
  name = "bad_start_fen",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    start = "XXXX/3/3",
    place = "empty",
  },
}
