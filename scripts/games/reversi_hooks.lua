-- reversi_hooks.lua — Reversi / Othello on an 8×8 board of cells, written
-- wholly as Lua hooks (no rule blocks): the benchmark and the test of the
-- hook adapter.  It must stay a plain hook game; reversi.lua is the same
-- game declared with blocks.
--
-- Black (X) moves first from the usual four-disc centre.  A move places a
-- disc on an empty cell so that it brackets one or more straight runs of
-- the opponent's discs (across, down or diagonally) with another disc of
-- the mover's; every bracketed disc flips.  A player without such a move
-- must pass (the move "pass", legal only then); when neither player can
-- move the game ends and the side with more discs wins.
--
-- No parameters.  Moves use Othello's names: Black's first moves are d3,
-- c4, f5 and e6.  Perft from the start (passes counted as moves):
-- 4, 12, 56, 244, 1396, 8200, 55092, 390216.
--
-- FEN: "8/8/8/3Xo3/3oX3/8/8/8 w 0" (board, side, ply).

local DIRS = qp.dirs
local LETTER = { [0] = "X", [1] = "o" }

-- Does placing side's disc on the empty square sq flip anything?
local function flips_any(pos, sq, me, opp)
  for i = 1, 8 do
    local n, stop = qp.run(pos, sq, DIRS[i], opp)
    if n > 0 and stop and pos:get(stop) == me then return true end
  end
  return false
end

-- Adds side's placements with pos:add (when add is true) and returns
-- whether there is at least one.
local function placements(pos, side, add)
  local me, opp = LETTER[side], LETTER[1 - side]
  local found = false
  for sq = 0, qp.n - 1 do
    if not pos:get(sq) and flips_any(pos, sq, me, opp) then
      if not add then return true end
      pos:add(qp.place(sq))
      found = true
    end
  end
  return found
end

-- Square weights for evaluate, a1 first.
local WEIGHT = {
  100, -20, 10, 5, 5, 10, -20, 100,
  -20, -50, -2, -2, -2, -2, -50, -20,
  10, -2, 1, 1, 1, 1, -2, 10,
  5, -2, 1, 0, 0, 1, -2, 5,
  5, -2, 1, 0, 0, 1, -2, 5,
  10, -2, 1, 1, 1, 1, -2, 10,
  -20, -50, -2, -2, -2, -2, -50, -20,
  100, -20, 10, 5, 5, 10, -20, 100,
}

local function over(pos)
  return not placements(pos, pos:side(), false) and not placements(pos, 1 - pos:side(), false)
end

return {
  name = "reversi_hooks",
  title = "Reversi (Lua hooks)",
  help = "Place a disc to bracket and flip your opponent's discs; most discs at the end wins.",
  board = { width = 8, height = 8, kind = "cells" },
  sides = { "black", "white" },
  pieces = { X = { glyph = "", value = 1 }, o = { glyph = "", value = 1 } },
  max_plies = 128,

  setup = function(pos)
    pos:set(qp.square("d4"), "o")
    pos:set(qp.square("e5"), "o")
    pos:set(qp.square("d5"), "X")
    pos:set(qp.square("e4"), "X")
  end,

  moves = function(pos)
    local side = pos:side()
    if placements(pos, side, true) then return end
    if placements(pos, 1 - side, false) then pos:add(qp.PASS) end
  end,

  play = function(pos, move)
    if move == qp.PASS then return end
    local sq = qp.to(move)
    local me, opp = LETTER[pos:side()], LETTER[1 - pos:side()]
    for i = 1, 8 do
      local d = DIRS[i]
      local n, stop = qp.run(pos, sq, d, opp)
      if n > 0 and stop and pos:get(stop) == me then
        local t = sq
        for _ = 1, n do
          t = qp.step(t, d)
          pos:set(t, me)
        end
      end
    end
    pos:set(sq, me)
  end,

  outcome = function(pos)
    if not over(pos) then return end
    local x, o = pos:count("X"), pos:count("o")
    if x > o then return "win", 0, "more discs" end
    if o > x then return "win", 1, "more discs" end
    return "draw", "equal discs"
  end,

  -- Corners are stable and worth much; the cells next to them give
  -- corners away.  Disc count matters little until the end.
  evaluate = function(pos)
    local me = LETTER[pos:side()]
    local s = 0
    for sq = 0, 63 do
      local p = pos:get(sq)
      if p then
        if p == me then s = s + WEIGHT[sq + 1] else s = s - WEIGHT[sq + 1] end
      end
    end
    return s
  end,
  ai = "alphabeta",   -- as reversi.lua, whose twin this is
}
