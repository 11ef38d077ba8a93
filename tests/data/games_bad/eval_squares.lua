-- error: :9: eval.squares must list 9 numbers, a1 first
return {
  name = "bad_eval_squares",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty" },
  eval = {
    squares = { 1, 2, 3 },
  },
}
