-- t_hookmoves.lua — every move from a Lua hook, every ending from blocks
-- (tests/unit/test_blocks.c): tic-tac-toe whose placements the `moves` and
-- `play` hooks make, while `line` and `stuck` judge.  Its perft must be
-- tic-tac-toe's.

return {
  name = "t_hookmoves",
  title = "blocks test: hook moves, block endings",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { line = 3, stuck = "draw" },
  moves = function(pos) pos:add_empty() end,
  play = function(pos, move) pos:set(qp.to(move), pos:side() == 0 and "X" or "o") end,
}
