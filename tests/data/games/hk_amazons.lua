-- hk_amazons.lua — the Game of the Amazons written as Lua hooks, the
-- independent twin of scripts/games/amazons.lua (a block game):
-- tests/unit/test_game_amazons_hex.c checks that both count the same
-- perft on the small boards, where no published figure exists.

local function start_squares(n)
  local k = (n - 1) // 3
  local last = n - 1
  return { { qp.sq(k, 0), qp.sq(last - k, 0), qp.sq(0, k), qp.sq(last, k) },
           { qp.sq(k, last), qp.sq(last - k, last), qp.sq(0, last - k), qp.sq(last, last - k) } }
end

-- every queen line from sq over empty points (from counts as empty)
local function reach(pos, sq, from, f)
  for d = 0, 7 do
    local t = qp.step(sq, d)
    while t and (t == from or not pos:get(t)) do
      f(t)
      t = qp.step(t, d)
    end
  end
end

return {
  name = "hk_amazons",
  title = "Game of the Amazons (Lua hooks)",
  params = {
    { key = "size", type = "int", default = 6, min = 6, max = 10, doc = "board size (6: the suites stay quick)" },
  },
  board = function(p)
    return { width = p.size, height = p.size, kind = "cells", diagonals = "all" }
  end,
  sides = { "white", "black" },
  pieces = { Q = "Q", q = "q", x = { glyph = "x", neutral = true } },

  setup = function(pos)
    local sq = start_squares(qp.params.size)
    for i = 1, 4 do
      pos:set(sq[1][i], "Q")
      pos:set(sq[2][i], "q")
    end
  end,

  moves = function(pos)
    local mine = pos:side() == 0 and "Q" or "q"
    for sq = 0, qp.n - 1 do
      if pos:get(sq) == mine then
        reach(pos, sq, nil, function(to)
          reach(pos, to, sq, function(arrow) pos:add(qp.move(sq, to, arrow + 1)) end)
        end)
      end
    end
  end,

  play = function(pos, move)
    local from, to, extra = qp.decode(move)
    local q = pos:get(from)
    pos:set(from, nil)
    pos:set(to, q)
    pos:set(extra - 1, "x")
  end,

  move_text = function(pos, move)
    local from, to, extra = qp.decode(move)
    return qp.name(from) .. qp.name(to) .. qp.name(extra - 1)
  end,
}
