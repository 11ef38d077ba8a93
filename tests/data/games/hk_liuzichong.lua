-- hk_liuzichong.lua — 六子冲 written as Lua hooks: the reference the block
-- game scripts/games/liuzichong.lua is counted against (test_game_capture).
-- Same rules: 4×4 points, orthogonal steps; after a move, the row and the
-- column of the moved piece are each checked for two adjacent own pieces
-- (the moved piece one of them) next to one enemy piece, with the fourth
-- point empty (own-own-enemy-empty or empty-own-own-enemy, read either
-- way), and the enemy piece is removed; fewer than two pieces, or no move,
-- loses.

local W, B = "W", "b"

local function mine(side) return side == 0 and W or B end

-- The four points of the line through sq: its row (horizontal) or column.
local function line_of(sq, horizontal)
  local f, r = qp.file(sq), qp.rank(sq)
  local pts = {}
  for i = 0, 3 do pts[#pts + 1] = horizontal and qp.sq(i, r) or qp.sq(f, i) end
  return pts
end

-- The enemy point the four points of pts (in order) give up to own, or nil.
local function taken_in(pos, pts, own, moved)
  -- own, own, enemy, empty: the empty point at the enemy's end or at the
  -- own pieces' end, the line read either way
  local forms = { { 1, 2, 3, 4 }, { 4, 3, 2, 1 }, { 2, 3, 4, 1 }, { 3, 2, 1, 4 } }
  for _, o in ipairs(forms) do
    local a, b, e, z = pts[o[1]], pts[o[2]], pts[o[3]], pts[o[4]]
    local enemy = pos:get(e)
    if pos:get(a) == own and pos:get(b) == own and enemy and enemy ~= own
       and not pos:get(z) and (a == moved or b == moved) then
      return e
    end
  end
  return nil
end

local function decided(pos)
  return pos:count(W) < 2 or pos:count(B) < 2
end

return {
  name = "hk_liuzichong",
  title = "六子冲 (hooks)",
  board = { width = 4, height = 4, kind = "points", diagonals = "none" },
  sides = { "white", "black" },
  pieces = { W = "", b = "" },

  setup = function(pos)
    for _, n in ipairs({ "a1", "b1", "c1", "d1", "a2", "d2" }) do pos:set(qp.square(n), W) end
    for _, n in ipairs({ "a4", "b4", "c4", "d4", "a3", "d3" }) do pos:set(qp.square(n), B) end
  end,

  moves = function(pos)
    if decided(pos) then return end
    local me = mine(pos:side())
    for sq = 0, qp.n - 1 do
      if pos:get(sq) == me then
        for _, d in ipairs(qp.ortho) do
          local to = qp.step(sq, d)
          if to and not pos:get(to) then pos:add(qp.move(sq, to)) end
        end
      end
    end
  end,

  play = function(pos, move)
    local from, to = qp.decode(move)
    local own = pos:get(from)
    pos:set(from, nil)
    pos:set(to, own)
    local gone = {}
    for _, horizontal in ipairs({ true, false }) do
      local e = taken_in(pos, line_of(to, horizontal), own, to)
      if e then gone[#gone + 1] = e end
    end
    for _, e in ipairs(gone) do pos:set(e, nil) end
  end,

  outcome = function(pos)
    if pos:count(W) < 2 then return "win", 1, "one piece left" end
    if pos:count(B) < 2 then return "win", 0, "one piece left" end
  end,
}
