-- error: :4: table.remove: 999999999999999 elements exceed the run's budget of 50000000 instructions
-- issue 43: the same through table.remove
local t = setmetatable({}, { __len = function() return 1e15 end })
local x = table.remove(t, 1)
return {
  name = "bad_loop_remove",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty", line = 3 },
}
