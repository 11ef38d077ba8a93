-- error: :3: table.move: 1000000000000000 elements exceed the run's budget of 50000000 instructions
-- issue 43: table.move loops in C, where no instruction is counted
table.move({}, 1, 1e15, 1)
return {
  name = "bad_loop_move",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty", line = 3 },
}
