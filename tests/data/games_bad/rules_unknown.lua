-- error: :7: rules: unknown key 'zzzzzzzz'
return {
  name = "bad_rules_unknown",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty", zzzzzzzz = 3 },
}
