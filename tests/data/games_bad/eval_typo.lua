-- error: :8: eval: unknown key 'mobilty' (did you mean 'mobility'?)
return {
  name = "bad_eval_typo",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty" },
  eval = { mobilty = 5 },
}
