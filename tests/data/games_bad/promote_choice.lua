-- error: :9: rules.promote.M: a choice of kinds needs the piece to move by kind (a movement list in rules.move)
return {
  name = "bad_promote_choice",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", K = "", Q = "", m = "" },
  rules = {
    move = "step",
    promote = { M = "KQ" },
  },
}
