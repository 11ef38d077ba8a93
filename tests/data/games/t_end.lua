-- t_end.lua — a test game for the ending blocks (tests/unit/test_blocks.c):
-- placing from a hand of `hand` men each on a 4×4 board of cells, then
-- jumping (captures); params choose every ending rule.

return {
  name = "t_end",
  title = "blocks test: endings",
  params = {
    { key = "hand", type = "int", default = 3, min = 0, max = 8, doc = "men in hand" },
    { key = "stuck", type = "string", default = "loses", doc = "loses, wins, draw or pass" },
    { key = "count", type = "string", default = "draw", doc = "draw, most or fewest" },
    { key = "line", type = "int", default = 0, min = 0, max = 4, doc = "k in a row wins; 0 none" },
    { key = "exact", type = "bool", default = false, doc = "exactly k" },
    { key = "line_dirs", type = "string", default = "lines", doc = "lines, orthogonal or diagonal" },
    { key = "captures", type = "int", default = 0, min = 0, max = 8, doc = "captures that win; 0 none" },
    { key = "fewer", type = "int", default = 0, min = 0, max = 8, doc = "fewer men lose; 0 none" },
    { key = "over", type = "string", default = "enemy", doc = "jumps over enemy or any men" },
  },
  board = { width = 4, height = 4, kind = "cells" },
  sides = { "white", "black" },
  pieces = { X = "", o = "" },
  rules = function(params)
    return {
      place = { on = "empty", hand = params.hand },
      move = "jump",
      jump = { over = params.over },
      stuck = params.stuck,
      count = params.count,
      line = params.line > 0 and { length = params.line, exact = params.exact, directions = params.line_dirs } or nil,
      captures = params.captures > 0 and params.captures or nil,
      fewer = params.fewer > 0 and params.fewer or nil,
    }
  end,
}
