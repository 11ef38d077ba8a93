-- hk_jungle.lua — Jungle (Dou Shou Qi) written as Lua hooks, the
-- independent twin of scripts/games/jungle.lua (a block game with the
-- piece vocabulary): tests/unit/test_game_pieces.c checks that both give
-- the same perft counts.  Same rules and rule variant as that file.

local RANK = { E = 8, L = 7, T = 6, P = 5, W = 4, D = 3, C = 2, R = 1 }
local DIRS = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } }

local function water(f, r) return r >= 3 and r <= 5 and (f == 1 or f == 2 or f == 4 or f == 5) end
local function den_of(f, r)   -- side whose den this is, or nil
  if f == 3 and r == 0 then return 0 end
  if f == 3 and r == 8 then return 1 end
end
local function trap_of(f, r)
  if (r == 0 and (f == 2 or f == 4)) or (r == 1 and f == 3) then return 0 end
  if (r == 8 and (f == 2 or f == 4)) or (r == 7 and f == 3) then return 1 end
end
local function side_of(letter) return letter == letter:upper() and 0 or 1 end
local function kind(letter) return letter:upper() end

local function can_take(a, af, ar, v, vf, vr)
  if side_of(a) == side_of(v) then return false end
  if water(af, ar) ~= water(vf, vr) then return false end
  if trap_of(vf, vr) == side_of(a) then return true end
  local ka, kv = kind(a), kind(v)
  if ka == "E" and kv == "R" then return false end
  if ka == "R" and kv == "E" then return true end
  return RANK[ka] >= RANK[kv]
end

local function winner(pos)
  local d1, d9 = pos:get(3, 0), pos:get(3, 8)
  if d9 and side_of(d9) == 0 then return 0 end
  if d1 and side_of(d1) == 1 then return 1 end
end

return {
  name = "hk_jungle",
  title = "Jungle (Lua hooks)",
  board = { width = 7, height = 9, kind = "cells" },
  sides = { "south", "north" },
  pieces = { E = "E", L = "L", T = "T", P = "P", W = "W", D = "D", C = "C", R = "R",
             e = "e", l = "l", t = "t", p = "p", w = "w", d = "d", c = "c", r = "r" },
  setup = function(pos)
    local rows = { "l5t", "1d3c1", "r1p1w1e", "7", "7", "7", "E1W1P1R", "1C3D1", "T5L" }
    for i, row in ipairs(rows) do
      local rank, file = 9 - i, 0
      for ch in row:gmatch(".") do
        if ch:match("%d") then file = file + tonumber(ch)
        else pos:set(qp.sq(file, rank), ch); file = file + 1 end
      end
    end
  end,

  moves = function(pos)
    if winner(pos) then return end
    local side = pos:side()
    for sq = 0, 62 do
      local a = pos:get(sq)
      if a and side_of(a) == side then
        local f, r = sq % 7, sq // 7
        local k = kind(a)
        for _, d in ipairs(DIRS) do
          local x, y = f + d[1], r + d[2]
          if x >= 0 and x < 7 and y >= 0 and y < 9 then
            if water(x, y) and (k == "L" or k == "T") then
              local blocked = false
              while x >= 0 and x < 7 and y >= 0 and y < 9 and water(x, y) do
                if pos:get(x, y) then blocked = true end
                x, y = x + d[1], y + d[2]
              end
              if blocked or not (x >= 0 and x < 7 and y >= 0 and y < 9) then goto next end
            end
            if water(x, y) and k ~= "R" then goto next end
            if den_of(x, y) == side then goto next end
            do
              local v = pos:get(x, y)
              if not v or can_take(a, f, r, v, x, y) then pos:add(qp.move(sq, qp.sq(x, y))) end
            end
          end
          ::next::
        end
      end
    end
  end,

  play = function(pos, move)
    local a = pos:get(qp.from(move))
    pos:set(qp.from(move), nil)
    pos:set(qp.to(move), a)
  end,

  outcome = function(pos)
    local w = winner(pos)
    if w then return "win", w, "den entered" end
    -- no move: the adapter's fallback (the side to move loses)
  end,
}
