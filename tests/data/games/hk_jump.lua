-- hk_jump.lua — tests/data/games/t_jump.lua (a block game) written as Lua
-- hooks, with the same params: tests/unit/test_blocks.c plays both side by
-- side and compares their moves (single, chained and forced jumps) and
-- verdicts.  Moves are this file's own integers: from + 1 in bits 0-6,
-- then for a step to + 1 in bits 7-13, for a jump its directions from bit
-- 14 (base 8 after a leading 1); chains end after 12 jumps, as in blocks.

local MAXHOPS = 12

local function step_move(from, to) return (from + 1) | ((to + 1) << 7) end
local function jump_move(from, path) return (from + 1) | (path << 14) end

-- from, to (nil for a jump), the jump's directions (first hop first)
local function decode(m)
  local from, to, path = (m & 127) - 1, ((m >> 7) & 127) - 1, m >> 14
  local d = {}
  while path > 1 do
    table.insert(d, 1, path % 8)
    path = path // 8
  end
  return from, to >= 0 and to or nil, d
end

local function dirs_of(params)
  if params.dirs == "orthogonal" then return qp.ortho end
  if params.dirs == "diagonal" then return qp.diag end
  return qp.dirs
end

local function side_of(letter)
  return letter == "m" and 1 or 0
end

local function decided(pos)
  local side = pos:side()
  local left = { pos:count("M") + pos:count("K"), pos:count("m") }
  for _, sd in ipairs({ side, 1 - side }) do
    if left[sd + 1] < 1 then return 1 - sd end
  end
end

-- Adds every jump (chain) of the piece that left `from` and now stands on
-- `cur`; `gone` holds the pieces jumped so far.  Returns how many it added.
local function jumps(pos, params, from, cur, hops, path, gone, out)
  local function occupied(sq)
    if sq == cur then return true end
    if sq == from or gone[sq] then return false end
    return pos:get(sq) ~= nil
  end
  local added = 0
  for _, d in ipairs(dirs_of(params)) do
    local over = qp.step(cur, d)
    local land = over and qp.step(over, d)
    if land and occupied(over) and not occupied(land)
        and (params.over == "any" or side_of(pos:get(over)) ~= pos:side()) then
      local p = path * 8 + d
      local m = jump_move(from, p)
      if params.chain == "none" or hops + 1 >= MAXHOPS then
        out[#out + 1] = m
        added = added + 1
      else
        gone[over] = true
        local sub = jumps(pos, params, from, land, hops + 1, p, gone, out)
        gone[over] = nil
        if params.chain == "optional" or sub == 0 then
          out[#out + 1] = m
          added = added + 1
        end
        added = added + sub
      end
    end
  end
  return added
end

return {
  name = "hk_jump",
  title = "blocks test twin: jumps as hooks",
  params = {
    { key = "chain", type = "string", default = "none", doc = "none, optional or full" },
    { key = "forced", type = "bool", default = false, doc = "a jump must be taken" },
    { key = "over", type = "string", default = "enemy", doc = "enemy or any" },
    { key = "dirs", type = "string", default = "lines", doc = "lines, orthogonal or diagonal" },
  },
  board = { width = 7, height = 7, kind = "points" },
  sides = { "white", "black" },
  pieces = { M = "", m = "", K = "" },

  setup = function(pos)
    for _, s in ipairs({ { "a1", "M" }, { "g1", "M" }, { "a7", "m" }, { "g7", "m" } }) do
      pos:set(qp.square(s[1]), s[2])
    end
  end,

  moves = function(pos)
    if decided(pos) then return end
    local side, params = pos:side(), qp.params
    local js, steps = {}, {}
    for sq = 0, qp.n - 1 do
      local p = pos:get(sq)
      if p and side_of(p) == side then
        if p ~= "K" then jumps(pos, params, sq, sq, 0, 1, {}, js) end
        for _, d in ipairs(dirs_of(params)) do
          local t = qp.step(sq, d)
          if t and not pos:get(t) then steps[#steps + 1] = step_move(sq, t) end
        end
      end
    end
    for _, m in ipairs(js) do pos:add(m) end
    if params.forced and #js > 0 then return end
    for _, m in ipairs(steps) do pos:add(m) end
  end,

  play = function(pos, move)
    local from, to, hops = decode(move)
    local piece = pos:get(from)
    pos:set(from, nil)
    local at = to or from
    for _, d in ipairs(hops) do
      local over = qp.step(at, d)
      pos:set(over, nil)
      at = qp.step(over, d)
    end
    pos:set(at, piece)
  end,

  move_text = function(pos, move)
    local from, to, hops = decode(move)
    if to then return qp.name(from) .. qp.name(to) end
    local t, at = qp.name(from), from
    for _, d in ipairs(hops) do
      at = qp.step(qp.step(at, d), d)
      t = t .. qp.name(at)
    end
    return t
  end,

  outcome = function(pos)
    local w = decided(pos)
    if w then return "win", w, "all men taken" end
  end,
}
