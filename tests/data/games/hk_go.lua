-- hk_go.lua — Go written as Lua hooks, the independent twin of
-- scripts/games/go.lua (a block game) and tests/data/games/t_go.lua:
-- tests/unit/test_game_go.c checks that they give the same perft counts
-- and end scores.  Captures, suicide (illegal), the pass always legal,
-- two passes in a row end the game (var "passes"), area score plus komi.
-- A hook sees one position: superko is the game layer's rule, asked for
-- with draw.superko (param superko), which compares the board key the
-- adapter derives from the hash (without side to move and vars).

local ORTHO = qp.ortho
local LETTER = { [0] = "X", [1] = "o" }

-- the group through sq and whether it has a liberty (other than `except`)
local function group(pos, sq, except)
  local me = pos:get(sq)
  local seen, list, lib = { [sq] = true }, { sq }, false
  local i = 1
  while i <= #list do
    local at = list[i]
    for k = 1, 4 do
      local t = qp.step(at, ORTHO[k])
      if t and not seen[t] then
        local p = pos:get(t)
        if not p then
          if t ~= except then lib = true end
        elseif p == me then
          seen[t] = true
          list[#list + 1] = t
        end
      end
    end
    i = i + 1
  end
  return list, lib
end

local function legal(pos, sq, side)
  local me = LETTER[side]
  for k = 1, 4 do
    local t = qp.step(sq, ORTHO[k])
    if t then
      local p = pos:get(t)
      if not p then return true end
      local _, lib = group(pos, t, sq)
      if p == me and lib then return true end
      if p ~= me and not lib then return true end
    end
  end
  return false
end

local function score(pos)
  local s = { [0] = 0, [1] = 0 }
  local seen = {}
  for sq = 0, qp.n - 1 do
    local p = pos:get(sq)
    if p then
      s[p == "X" and 0 or 1] = s[p == "X" and 0 or 1] + 1
    elseif not seen[sq] then
      local list, border = { sq }, {}
      seen[sq] = true
      local i = 1
      while i <= #list do
        for k = 1, 4 do
          local t = qp.step(list[i], ORTHO[k])
          if t then
            local q = pos:get(t)
            if q then border[q] = true
            elseif not seen[t] then seen[t] = true; list[#list + 1] = t end
          end
        end
        i = i + 1
      end
      if border.X and not border.o then s[0] = s[0] + #list end
      if border.o and not border.X then s[1] = s[1] + #list end
    end
  end
  return s[0], s[1]
end

return {
  name = "hk_go",
  title = "Go (Lua hooks)",
  params = {
    { key = "size", type = "int", default = 5, min = 2, max = 19, doc = "board size (5: the suites stay quick)" },
    { key = "komi2", type = "int", default = 15, doc = "twice White's komi" },
    { key = "superko", type = "bool", default = true, doc = "positional superko" },
  },
  draw = function(params) return { superko = params.superko } end,
  board = function(params) return { width = params.size, height = params.size, kind = "points" } end,
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  vars = { "passes" },

  moves = function(pos)
    if pos:var("passes") >= 2 then return end
    local side = pos:side()
    for sq = 0, qp.n - 1 do
      if not pos:get(sq) and legal(pos, sq, side) then pos:add(qp.place(sq)) end
    end
    pos:add(qp.PASS)
  end,

  play = function(pos, move)
    if move == qp.PASS then
      pos:setvar("passes", pos:var("passes") + 1)
      return
    end
    pos:setvar("passes", 0)
    local sq, me = qp.to(move), LETTER[pos:side()]
    pos:set(sq, me)
    for k = 1, 4 do
      local t = qp.step(sq, ORTHO[k])
      local p = t and pos:get(t)
      if p and p ~= me then
        local list, lib = group(pos, t, nil)
        if not lib then
          for _, x in ipairs(list) do pos:set(x, nil) end
        end
      end
    end
  end,

  outcome = function(pos)
    if pos:var("passes") < 2 then return end
    local b, w = score(pos)
    local d = 2 * b - 2 * w - qp.params.komi2
    if d > 0 then return "win", 0, "area score" end
    if d < 0 then return "win", 1, "area score" end
    return "draw", "area score"
  end,
}
