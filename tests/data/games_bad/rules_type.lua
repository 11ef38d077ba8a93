-- error: :7: 'rules' must be a table, got number
return {
  name = "bad_rules_type",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = 5,
}
