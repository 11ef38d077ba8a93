-- error: :7: eval.mobility must be a number, or two numbers, one per side
return {
  name = "bad_eval_mobility",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty" }, eval = { mobility = { 1, 2, 3 } },
}
