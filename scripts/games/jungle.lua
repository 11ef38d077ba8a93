-- jungle.lua — Jungle, Dou Shou Qi (斗兽棋, "the game of fighting
-- animals"), declared as rule blocks with the piece vocabulary.
--
-- A board of 7 files (a-g) by 9 ranks.  Each side has eight animals,
-- ranked: elephant 象 (E) 8, lion 狮 (L) 7, tiger 虎 (T) 6, leopard 豹
-- (P) 5, wolf 狼 (W) 4, dog 狗 (D) 3, cat 猫 (C) 2, rat 鼠 (R) 1; upper
-- case letters are the south side's (ranks 1-3, moves first), lower case
-- the north side's.  The board has
--   * two dens, d1 (south's) and d9 (north's);
--   * three traps around each den: c1, e1, d2 (south's), c9, e9, d8;
--   * two lakes of water, b4-c6 and e4-f6.
-- Rules:
--   * A turn moves one animal one square orthogonally.  Moving onto an
--     enemy animal captures it.  An animal takes enemies of its own rank
--     or lower; but the rat takes the elephant, and the elephant may not
--     take the rat.
--   * Only the rat enters the water.  No capture crosses the water's edge:
--     the rat may not take from the water onto land (not even a rat), and
--     a rat in the water is taken only by the other rat in the water.
--   * The lion and the tiger jump a lake in a straight line, across or
--     along it, from the square beside it to the first square past it,
--     unless a rat (of either side) is in the water on the way; the jump
--     may capture.
--   * An enemy animal standing in one of your traps has rank 0: any of
--     your animals may take it (the elephant a rat, too).
--   * An animal may not enter its own den.  Entering the enemy's den wins;
--     a side with no move (no animals left, or all blocked) loses.
-- Rule source: the rules and setup of Wikipedia's "Jungle (board game)"
-- (the standard board; ranks with the wolf above the dog; the rat may not
-- take from the water, and a rat in the water is safe from all but the
-- other rat in the water).  Accounts differ on whether the rat may leave
-- the water to take the other rat on land; this file follows "no capture
-- from the water onto land" for every victim.  A piece in an enemy trap
-- may be taken by any enemy animal, so here the elephant may take a rat
-- standing in the elephant's own trap.
--
-- Moves: from-to ("a3a4"; a lion's jump "b3b7").  FEN: the board from
-- rank 9, side, ply ("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0").

local step = { { "step", "orthogonal" } }
local jumper = { { "step", "orthogonal" }, { "cross", "orthogonal", zone = "water" } }
local ranks = { E = 8, L = 7, T = 6, P = 5, W = 4, D = 3, C = 2, R = 1 }

local rank_table = { takes = { R = "e", r = "E" }, spares = { E = "r", e = "R" } }
for k, v in pairs(ranks) do rank_table[k], rank_table[k:lower()] = v, v end

return {
  name = "jungle",
  title = "Jungle (Dou Shou Qi, 斗兽棋)",
  help = "Ranked animals; the rat swims and beats the elephant, lion and tiger leap the water; enter the enemy den.",
  board = { width = 7, height = 9, kind = "cells" },
  sides = { "south", "north" },
  pieces = {
    E = { glyph = "象", value = 1000 }, e = { glyph = "象", value = 1000 },
    L = { glyph = "狮", value = 900 },  l = { glyph = "狮", value = 900 },
    T = { glyph = "虎", value = 800 },  t = { glyph = "虎", value = 800 },
    P = { glyph = "豹", value = 500 },  p = { glyph = "豹", value = 500 },
    W = { glyph = "狼", value = 400 },  w = { glyph = "狼", value = 400 },
    D = { glyph = "狗", value = 300 },  d = { glyph = "狗", value = 300 },
    C = { glyph = "猫", value = 200 },  c = { glyph = "猫", value = 200 },
    R = { glyph = "鼠", value = 450 },  r = { glyph = "鼠", value = 450 },
  },
  draw = { repetitions = 3 },
  rules = {
    start = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L",
    zones = {
      water = "b4-c6 e4-f6",
      trap = { "c1 e1 d2", "c9 e9 d8" },   -- south's, north's
      den = { "d1", "d9" },
    },
    terrain = {
      water = { pieces = "Rr", capture_across = false, reason = "only the rat enters the water" },
      trap = { rank = 0 },                  -- an enemy in your trap
      den = { own = false, reason = "an animal may not enter its own den" },
    },
    ranks = rank_table,
    move = { E = step, e = step, L = jumper, l = jumper, T = jumper, t = jumper, P = step, p = step,
             W = step, w = step, D = step, d = step, C = step, c = step, R = step, r = step },
    reach = { zone = "den", part = "enemy", reason = "den entered" },
    stuck = { result = "loses", reason = "no moves" },
  },
  -- closer to the enemy den is better
  eval = {
    squares = { 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0,
                2, 2, 2, 2, 2, 2, 2,
                4, 4, 4, 4, 4, 4, 4,
                6, 6, 6, 6, 6, 6, 6,
                8, 8, 8, 8, 8, 8, 8,
                12, 14, 16, 16, 16, 14, 12,
                14, 18, 40, 60, 40, 18, 14,
                16, 24, 60, 0, 60, 24, 16 },
  },
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
