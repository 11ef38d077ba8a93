-- t_flank.lua — a test game for flank placements (tests/unit/test_blocks.c):
-- reversi on a 6×6 board whose runs are bracketed along `dirs` only;
-- with `line`, k in a row also wins.

return {
  name = "t_flank",
  title = "blocks test: flank",
  params = {
    { key = "dirs", type = "string", default = "lines", doc = "lines, orthogonal or diagonal" },
    { key = "line", type = "int", default = 0, min = 0, max = 6, doc = "k in a row wins; 0 none" },
  },
  board = { width = 6, height = 6, kind = "cells" },
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = function(params)
    return {
      start = "6/6/2Xo2/2oX2/6/6",
      place = { on = "flank", directions = params.dirs },
      stuck = "pass",
      count = { result = "fewest", reason = "fewer discs", draw_reason = "same discs" },
      line = params.line > 0 and params.line or nil,
    }
  end,
}
