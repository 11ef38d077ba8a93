-- error: :9: rules.promote: 'M' would become 'k', a piece of the other side
return {
  name = "bad_promote_side",
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "x", "o" },
  pieces = { M = "", k = "", m = "" },
  rules = {
    move = "step",
    promote = { M = "k" },
  },
}
