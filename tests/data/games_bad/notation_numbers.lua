-- error: :10: rules.notation: "numbers" is for games whose jumps remove = "after" (draughts)
return {
  name = "bad_notation_numbers",
  board = { width = 6, height = 6, kind = "cells", squares = "dark" },
  sides = { "white", "black" },
  pieces = { M = "", m = "" },
  rules = {
    move = { "step", "jump", directions = "diagonal" },
    jump = { chain = "full" },
    notation = "numbers",
  },
}
