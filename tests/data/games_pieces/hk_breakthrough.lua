-- hk_breakthrough.lua — Breakthrough written as Lua hooks, the independent
-- twin of scripts/games/breakthrough.lua (a block game with the piece
-- vocabulary): tests/unit/test_game_pieces.c checks that both give the
-- same perft counts.

local function forward(side) return side == 0 and 1 or -1 end

local function letter(side) return side == 0 and "P" or "p" end

-- The winner, or nil: a piece on its far rank, or a side without pieces.
local function winner(pos)
  for file = 0, 7 do
    if pos:get(file, 7) == "P" then return 0 end
    if pos:get(file, 0) == "p" then return 1 end
  end
  if pos:count("P") == 0 then return 1 end
  if pos:count("p") == 0 then return 0 end
  return nil
end

return {
  name = "hk_breakthrough",
  title = "Breakthrough (Lua hooks)",
  board = { width = 8, height = 8, kind = "cells" },
  sides = { "white", "black" },
  pieces = { P = "P", p = "p" },
  setup = function(pos)
    for file = 0, 7 do
      pos:set(qp.sq(file, 0), "P")
      pos:set(qp.sq(file, 1), "P")
      pos:set(qp.sq(file, 6), "p")
      pos:set(qp.sq(file, 7), "p")
    end
  end,

  moves = function(pos)
    if winner(pos) then return end
    local side = pos:side()
    local mine, theirs = letter(side), letter(1 - side)
    local f = forward(side)
    for sq = 0, 63 do
      if pos:get(sq) == mine then
        local file, rank = sq % 8, sq // 8
        local r = rank + f
        if r >= 0 and r <= 7 then
          for df = -1, 1 do
            local x = file + df
            if x >= 0 and x <= 7 then
              local at = pos:get(x, r)
              if not at or (df ~= 0 and at == theirs) then pos:add(qp.move(sq, qp.sq(x, r))) end
            end
          end
        end
      end
    end
  end,

  play = function(pos, move)
    local side = pos:side()
    pos:set(qp.from(move), nil)
    pos:set(qp.to(move), letter(side))
  end,

  outcome = function(pos)
    local w = winner(pos)
    if w then return "win", w, "breakthrough" end
  end,
}
