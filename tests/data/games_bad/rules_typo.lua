-- error: :9: rules: unknown key 'lien' (did you mean 'line'?)
return {
  name = "bad_rules_typo",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    place = "empty",
    lien = 3,
  },
}
