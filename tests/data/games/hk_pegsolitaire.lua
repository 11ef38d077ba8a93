-- hk_pegsolitaire.lua — peg solitaire written as Lua hooks, the
-- independent twin of scripts/games/pegsolitaire.lua (a block game) with
-- the same params: tests/unit/test_blocks.c checks that both agree (perft on
-- the English and the French board, move lists, results).

local ENGLISH = { "..xxx..", "..xxx..", "xxxxxxx", "xxxxxxx", "xxxxxxx", "..xxx..", "..xxx.." }
local FRENCH = { "..xxx..", ".xxxxx.", "xxxxxxx", "xxxxxxx", "xxxxxxx", ".xxxxx.", "..xxx.." }

local function any_jump(pos)
  for sq = 0, qp.n - 1 do
    if pos:get(sq) then
      for _, d in ipairs(qp.ortho) do
        local over = qp.step(sq, d)
        local to = over and qp.step(over, d)
        if to and pos:get(over) and not pos:get(to) then return true end
      end
    end
  end
  return false
end

local function solved(pos)
  if pos:count("P") ~= 1 then return false end
  return qp.params.goal == "one" or pos:get(qp.square("d4")) ~= nil
end

return {
  name = "hk_pegsolitaire",
  title = "Peg solitaire (Lua hooks)",
  params = {
    { key = "board", type = "string", default = "english", doc = "english or french" },
    { key = "goal", type = "string", default = "centre", doc = "centre or one" },
    { key = "empty", type = "string", default = "d4", doc = "the hole that starts empty" },
  },
  board = function(params)
    return { width = 7, height = 7, kind = "points", diagonals = "none",
             shape = params.board == "french" and FRENCH or ENGLISH }
  end,
  sides = { "player" },
  pieces = { P = "" },

  setup = function(pos, params)
    local empty = qp.square(params.empty)
    for sq = 0, qp.n - 1 do
      if qp.on_board(sq) and sq ~= empty then pos:set(sq, "P") end
    end
  end,

  moves = function(pos)
    if solved(pos) then return end
    for sq = 0, qp.n - 1 do
      if pos:get(sq) then
        for _, d in ipairs(qp.ortho) do
          local over = qp.step(sq, d)
          local to = over and qp.step(over, d)
          if to and pos:get(over) and not pos:get(to) then pos:add(qp.move(sq, to, over + 1)) end
        end
      end
    end
  end,

  play = function(pos, move)
    local from, to, extra = qp.decode(move)
    pos:set(from, nil)
    pos:set(extra - 1, nil)
    pos:set(to, "P")
  end,

  outcome = function(pos)
    if solved(pos) then return "win", 0, "solved" end
    if not any_jump(pos) then return "loss", 0, pos:count("P") .. " left" end
  end,
}
