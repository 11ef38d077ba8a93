-- error: :4: table.insert: 1000000000000000 elements exceed the run's budget of 50000000 instructions
-- issue 43: a made-up length makes table.insert shift a huge range in C
local t = setmetatable({}, { __len = function() return 1e15 end })
table.insert(t, 1, "x")
return {
  name = "bad_loop_insert",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty", line = 3 },
}
