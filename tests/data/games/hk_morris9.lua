-- hk_morris9.lua — Nine Men's Morris written as Lua hooks, independently of
-- the rule blocks: its own adjacency and mill tables by point name, its own
-- hands (vars), removal and flying.  test_game_morris checks that its perft
-- counts equal those of scripts/games/morris9.lua (the blocks).
--
-- Rules as in morris9.lua: nine men each placed, then stepped along the
-- lines; three men left fly; a new mill removes an enemy man in no mill
-- (any when all are); two men left or no move loses.  A removal is the
-- move's extra: the removed square + 1.

local MEN = 9
local ADJ = {
  a1 = { "d1", "a4" }, d1 = { "a1", "g1", "d2" }, g1 = { "d1", "g4" },
  b2 = { "d2", "b4" }, d2 = { "b2", "f2", "d1", "d3" }, f2 = { "d2", "f4" },
  c3 = { "d3", "c4" }, d3 = { "c3", "e3", "d2" }, e3 = { "d3", "e4" },
  a4 = { "a1", "a7", "b4" }, b4 = { "a4", "c4", "b2", "b6" }, c4 = { "b4", "c3", "c5" },
  e4 = { "f4", "e3", "e5" }, f4 = { "e4", "g4", "f2", "f6" }, g4 = { "f4", "g1", "g7" },
  c5 = { "d5", "c4" }, d5 = { "c5", "e5", "d6" }, e5 = { "d5", "e4" },
  b6 = { "d6", "b4" }, d6 = { "b6", "f6", "d5", "d7" }, f6 = { "d6", "f4" },
  a7 = { "d7", "a4" }, d7 = { "a7", "g7", "d6" }, g7 = { "d7", "g4" },
}
local MILLS = {
  { "a1", "d1", "g1" }, { "b2", "d2", "f2" }, { "c3", "d3", "e3" }, { "a4", "b4", "c4" },
  { "e4", "f4", "g4" }, { "c5", "d5", "e5" }, { "b6", "d6", "f6" }, { "a7", "d7", "g7" },
  { "a1", "a4", "a7" }, { "b2", "b4", "b6" }, { "c3", "c4", "c5" }, { "d1", "d2", "d3" },
  { "d5", "d6", "d7" }, { "e3", "e4", "e5" }, { "f2", "f4", "f6" }, { "g1", "g4", "g7" },
}
local POINTS = {}
local adj, mills_at, mills = {}, {}, {}

local function tables()
  if #POINTS > 0 then return end
  for name, list in pairs(ADJ) do
    local sq = qp.square(name)
    POINTS[#POINTS + 1] = sq
    adj[sq] = {}
    for _, t in ipairs(list) do adj[sq][#adj[sq] + 1] = qp.square(t) end
    mills_at[sq] = {}
  end
  table.sort(POINTS)
  for i, m in ipairs(MILLS) do
    mills[i] = { qp.square(m[1]), qp.square(m[2]), qp.square(m[3]) }
    for _, sq in ipairs(mills[i]) do mills_at[sq][#mills_at[sq] + 1] = mills[i] end
  end
end

local LETTER = { [0] = "X", [1] = "o" }
local HAND = { [0] = "hand_x", [1] = "hand_o" }

local function in_mill(pos, sq, who)
  for _, m in ipairs(mills_at[sq]) do
    if pos:get(m[1]) == who and pos:get(m[2]) == who and pos:get(m[3]) == who then return true end
  end
  return false
end

-- Whether `who` has a mill through `to` once its man went from `from`
-- (nil: placed) to `to` (the position itself is read-only in `moves`).
local function mill_after(pos, from, to, who)
  for _, m in ipairs(mills_at[to]) do
    local all = true
    for _, p in ipairs(m) do
      if p ~= to and (p == from or pos:get(p) ~= who) then all = false end
    end
    if all then return true end
  end
  return false
end

local function men(pos, side)
  return pos:count(LETTER[side]) + pos:var(HAND[side])
end

-- The moves of the side to move, as {from or nil, to}.
local function base_moves(pos)
  local side = pos:side()
  local me = LETTER[side]
  local out = {}
  if pos:var(HAND[side]) > 0 then
    for _, sq in ipairs(POINTS) do
      if not pos:get(sq) then out[#out + 1] = { nil, sq } end
    end
    return out
  end
  local fly = pos:count(me) <= 3
  for _, sq in ipairs(POINTS) do
    if pos:get(sq) == me then
      local targets = fly and POINTS or adj[sq]
      for _, t in ipairs(targets) do
        if not pos:get(t) then out[#out + 1] = { sq, t } end
      end
    end
  end
  return out
end

local function decided(pos)
  return men(pos, 0) < 3 or men(pos, 1) < 3
end

return {
  name = "hk_morris9",
  title = "Nine Men's Morris (hooks)",
  help = "Nine Men's Morris as Lua hooks, to check the blocks.",
  board = {
    width = 7, height = 7, kind = "points",
    shape = { "x..x..x", ".x.x.x.", "..xxx..", "xxx.xxx", "..xxx..", ".x.x.x.", "x..x..x" },
  },
  sides = { "white", "black" },
  pieces = { X = "", o = "" },
  vars = { "hand_x", "hand_o" },
  draw = { repetitions = 3 },

  setup = function(pos)
    pos:setvar("hand_x", MEN)
    pos:setvar("hand_o", MEN)
  end,

  moves = function(pos)
    tables()
    if decided(pos) then return end
    local side = pos:side()
    local me, foe = LETTER[side], LETTER[1 - side]
    for _, mv in ipairs(base_moves(pos)) do
      local from, to = mv[1], mv[2]
      local mill = mill_after(pos, from, to, me)
      local taken = {}
      if mill then
        local any = {}
        for _, sq in ipairs(POINTS) do
          if pos:get(sq) == foe then
            any[#any + 1] = sq
            if not in_mill(pos, sq, foe) then taken[#taken + 1] = sq end
          end
        end
        if #taken == 0 then taken = any end
      end
      if #taken == 0 then
        pos:add(qp.move(from, to))
      else
        for _, r in ipairs(taken) do pos:add(qp.move(from, to, r + 1)) end
      end
    end
  end,

  play = function(pos, move)
    local from, to, extra = qp.decode(move)
    local side = pos:side()
    if from then
      pos:set(from, nil)
    else
      pos:setvar(HAND[side], pos:var(HAND[side]) - 1)
    end
    pos:set(to, LETTER[side])
    if extra > 0 then pos:set(extra - 1, nil) end
  end,

  move_text = function(pos, move)
    local from, to, extra = qp.decode(move)
    local t = (from and qp.name(from) or "") .. qp.name(to)
    if extra > 0 then t = t .. "x" .. qp.name(extra - 1) end
    return t
  end,

  outcome = function(pos)
    for side = 0, 1 do
      if men(pos, side) < 3 then return "win", 1 - side, "two men left" end
    end
  end,
}
