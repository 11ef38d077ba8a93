-- error: :5: table.concat: 1000000000000000 elements exceed the run's budget of 50000000 instructions
-- issue 43: table.concat over a huge range, each element made by a C
-- function (no instruction runs): 42 s before it ran out of memory
local t = setmetatable({}, { __index = tostring })
local s = table.concat(t, "", 1, 1e15)
return {
  name = "bad_loop_concat",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty", line = 3 },
}
