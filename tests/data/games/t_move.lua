-- t_move.lua — a test game for the movement blocks (tests/unit/test_blocks.c):
-- one rook-like piece per side on a 5×5 board of cells; params choose how
-- the pieces move and along which lines.

return {
  name = "t_move",
  title = "blocks test: step and slide",
  params = {
    { key = "kind", type = "string", default = "slide", doc = "step or slide" },
    { key = "dirs", type = "string", default = "lines", doc = "lines, orthogonal or diagonal" },
  },
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { R = "", r = "" },
  rules = function(params)
    return {
      start = "4r/5/5/5/R4",
      move = { params.kind, directions = params.dirs },
      stuck = "loses",
    }
  end,
}
