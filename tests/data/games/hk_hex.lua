-- hk_hex.lua — Hex written as Lua hooks, the independent twin of
-- scripts/games/hex.lua (a block game): tests/unit/test_game_amazons_hex.c
-- checks that both count the same perft on small boards, where games end
-- early.  Its board has no links beyond the grid's: the six neighbours
-- are this file's own offsets.

local NB = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } }

-- Whether letter's stones join its two edges (Red "X": ranks; Blue "o": files).
local function joined(pos, letter)
  local n = qp.params.size
  local seen, stack = {}, {}
  for i = 0, n - 1 do
    local sq = letter == "X" and qp.sq(i, 0) or qp.sq(0, i)
    if pos:get(sq) == letter then
      seen[sq] = true
      stack[#stack + 1] = sq
    end
  end
  while #stack > 0 do
    local sq = table.remove(stack)
    local f, r = qp.file(sq), qp.rank(sq)
    if (letter == "X" and r == n - 1) or (letter == "o" and f == n - 1) then return true end
    for _, d in ipairs(NB) do
      local g, h = f + d[1], r + d[2]
      if g >= 0 and g < n and h >= 0 and h < n then
        local t = qp.sq(g, h)
        if not seen[t] and pos:get(t) == letter then
          seen[t] = true
          stack[#stack + 1] = t
        end
      end
    end
  end
  return false
end

return {
  name = "hk_hex",
  title = "Hex (Lua hooks)",
  params = {
    { key = "size", type = "int", default = 11, min = 2, max = 19, doc = "cells per edge" },
  },
  board = function(p) return { width = p.size, height = p.size, kind = "cells", diagonals = "none" } end,
  sides = { "red", "blue" },
  pieces = { X = "", o = "" },

  moves = function(pos)
    if joined(pos, "X") or joined(pos, "o") then return end
    pos:add_empty()
  end,

  play = function(pos, move)
    pos:set(qp.to(move), pos:side() == 0 and "X" or "o")
  end,

  outcome = function(pos)
    if joined(pos, "X") then return "win", 0, "connected" end
    if joined(pos, "o") then return "win", 1, "connected" end
  end,
}
