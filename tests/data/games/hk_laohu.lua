-- hk_laohu.lua — the Chinese tiger game written as Lua hooks: the
-- reference the block game scripts/games/laohu.lua is counted against
-- (test_game_capture).  Same board (9×9 points and a 3×3 lair above
-- d9–f9), 18 men on a1–i2 moving first, the tiger on e10; men step, the
-- tiger steps or jumps a man; `captures` men taken win for the tiger, a
-- trapped tiger loses, men without a move lose.

local MEN, TIGER = "M", "t"

local function captured(pos) return 18 - pos:count(MEN) end

local function tiger_moves(pos, add)
  local n = 0
  for sq = 0, qp.n - 1 do
    if pos:get(sq) == TIGER then
      for _, d in ipairs(qp.ortho) do
        local a = qp.step(sq, d)
        if a and qp.on_board(a) then
          local p = pos:get(a)
          if not p then
            n = n + 1
            if add then pos:add(qp.move(sq, a)) end
          elseif p == MEN then
            local b = qp.step(a, d)
            if b and qp.on_board(b) and not pos:get(b) then
              n = n + 1
              if add then pos:add(qp.move(sq, b, a + 1)) end
            end
          end
        end
      end
    end
  end
  return n
end

return {
  name = "hk_laohu",
  title = "老虎棋 (hooks)",
  params = {
    { key = "captures", type = "int", default = 4, min = 1, max = 17, doc = "captured men that win" },
  },
  board = {
    width = 9, height = 11, kind = "points", diagonals = "none",
    shape = {
      "...xxx...", "...xxx...",
      "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx",
      "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx", "xxxxxxxxx",
    },
  },
  sides = { "men", "tiger" },
  pieces = { M = "", t = "T" },

  setup = function(pos)
    for f = 0, 8 do
      pos:set(qp.sq(f, 0), MEN)
      pos:set(qp.sq(f, 1), MEN)
    end
    pos:set(qp.square("e10"), TIGER)
  end,

  moves = function(pos)
    if captured(pos) >= qp.params.captures then return end
    if pos:side() == 1 then
      tiger_moves(pos, true)
      return
    end
    for sq = 0, qp.n - 1 do
      if pos:get(sq) == MEN then
        for _, d in ipairs(qp.ortho) do
          local to = qp.step(sq, d)
          if to and qp.on_board(to) and not pos:get(to) then pos:add(qp.move(sq, to)) end
        end
      end
    end
  end,

  play = function(pos, move)
    local from, to, extra = qp.decode(move)
    local p = pos:get(from)
    pos:set(from, nil)
    if extra and extra > 0 then pos:set(extra - 1, nil) end
    pos:set(to, p)
  end,

  outcome = function(pos)
    if captured(pos) >= qp.params.captures then return "win", 1, "men captured" end
    if pos:side() == 1 and tiger_moves(pos, false) == 0 then return "win", 0, "tiger trapped" end
  end,
}
