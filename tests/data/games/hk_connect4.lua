-- hk_connect4.lua — Connect Four written as Lua hooks, the independent
-- twin of scripts/games/connect4.lua (a block game): tests/unit/test_blocks.c
-- checks that both give the same perft counts, move lists and results.

local function four(pos)
  return qp.find_line(pos, 4)
end

return {
  name = "hk_connect4",
  title = "Connect Four (Lua hooks)",
  board = { width = 7, height = 6, kind = "cells" },
  sides = { "red", "yellow" },
  pieces = { X = "", o = "" },

  moves = function(pos)
    if four(pos) then return end
    for file = 0, qp.w - 1 do
      for rank = 0, qp.h - 1 do
        if not pos:get(file, rank) then
          pos:add(qp.place(qp.sq(file, rank)))
          break
        end
      end
    end
  end,

  play = function(pos, move)
    pos:set(qp.to(move), pos:side() == 0 and "X" or "o")
  end,

  outcome = function(pos)
    local letter = four(pos)
    if letter then return "win", letter == "X" and 0 or 1, "four in a row" end
    if pos:count(nil) == 0 then return "draw", "board full" end
  end,
}
