-- error: :9: rules.jump.chain must be "none", "optional" or "full", got "all"
return {
  name = "bad_chain_value",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = {
    move = "step",
    jump = { chain = "all" },
  },
}
