-- t_mixed.lua — blocks mixed with Lua hooks (tests/unit/test_blocks.c):
-- tic-tac-toe by blocks; the `moves` hook adds "clear the centre" (b2b2)
-- when the opponent holds it, `play` plays that move, `setup` puts an X
-- on a1, and the `outcome` hook ends the game at ply 7 before the blocks
-- look.

return {
  name = "t_mixed",
  title = "blocks test: blocks and hooks",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty", line = 3, stuck = "draw" },
  setup = function(pos) pos:set(qp.square("a1"), "X") end,
  moves = function(pos)
    local centre = qp.square("b2")
    local owner = pos:owner(centre)
    if owner ~= nil and owner ~= pos:side() then pos:add(qp.move(centre, centre)) end
  end,
  play = function(pos, move)
    pos:set(qp.to(move), nil)
  end,
  outcome = function(pos)
    if pos:ply() >= 7 then return "draw", "seven plies" end
  end,
}
