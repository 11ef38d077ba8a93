-- t_eval.lua — a test game for the evaluation as data (tests/unit/test_blocks.c):
-- values, per-piece square tables (mirrored for the second side or not),
-- pieces in hand, mobility (one weight, or one per side) and enemies near
-- (one weight per side) on a 2×3 board.

return {
  name = "t_eval",
  title = "blocks test: eval",
  params = {
    { key = "mirror", type = "bool", default = true, doc = "the second side reads the tables upside down" },
    { key = "apart", type = "bool", default = false, doc = "mobility per side: white's moves 2, black's 9" },
    { key = "near", type = "bool", default = false, doc = "an enemy next to a piece: 3 to white, 11 to black" },
  },
  board = { width = 2, height = 3, kind = "cells" },
  sides = { "white", "black" },
  pieces = { A = { glyph = "", value = 100 }, b = { glyph = "", value = 50 } },
  rules = {
    place = { on = "empty", pieces = "A", hand = 2 },
    move = "step",
  },
  eval = function(params)
    return {
      squares = { A = { 1, 2, 3, 4, 5, 6 }, b = { 10, 20, 30, 40, 50, 60 } },
      mirror = params.mirror,
      hand = 7,
      mobility = params.apart and { 2, 9 } or 5,
      near = params.near and { 3, 11 } or nil,
    }
  end,
}
