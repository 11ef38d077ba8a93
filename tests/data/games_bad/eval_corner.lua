-- error: :7: eval.empty_corner: unknown key 'besid' (did you mean 'beside'?)
return {
  name = "bad_eval_corner",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty" }, eval = { empty_corner = { diagonal = -10, besid = 3 } },
}
