-- error: :9: rules.promote.M: 'q' is not a piece of 'pieces'
return {
  name = "bad_promote_letter",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", K = "", m = "" },
  rules = {
    move = "step",
    promote = { M = "q" },
  },
}
