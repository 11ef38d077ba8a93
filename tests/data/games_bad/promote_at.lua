-- error: :9: rules.promote.at: 'e9' is not a point of the board
return {
  name = "bad_promote_at",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", K = "", m = "" },
  rules = {
    move = "step",
    promote = { M = "K", at = { "a4", "e9" } },
  },
}
