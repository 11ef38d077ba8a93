-- pegsolitaire.lua — peg solitaire, a one-player puzzle declared as rule
-- blocks.
--
-- The English board is the 33-hole cross (a 7×7 grid without its 2×2
-- corners), the French board the 37-hole one (without 3-hole corners).
-- Every hole holds a peg except one (d4, the centre, by default).  A move
-- jumps a peg over an orthogonally adjacent peg into the empty hole just
-- beyond; the jumped peg is removed.  The puzzle is solved when one peg
-- is left (in the centre, with the standard goal); it fails when no jump
-- is possible before that.  (From the centre start, the French board
-- cannot end with one peg, anywhere: `qipan solve` proves it at once from
-- the position class, see README.md.)
--
-- Params:
--   board   string, default "english": "english" (33 holes) or "french" (37)
--   goal    string, default "centre": "centre" (one peg, in the centre) or "one"
--   empty   string, default "d4": the hole that starts empty
--
-- Moves are from-to ("d6d4").  Perft (English, from the start): 4, 12,
-- 60, 400, 2960.  FEN: "2PPP2/2PPP2/PPPPPPP/PPP1PPP/PPPPPPP/2PPP2/2PPP2 w 0".

local SHAPES = {
  english = { "..xxx..", "..xxx..", "xxxxxxx", "xxxxxxx", "xxxxxxx", "..xxx..", "..xxx.." },
  french = { "..xxx..", ".xxxxx.", "xxxxxxx", "xxxxxxx", "xxxxxxx", ".xxxxx.", "..xxx.." },
}

return {
  name = "pegsolitaire",
  title = "Peg solitaire (English 33 or French 37 holes)",
  help = "Jump pegs over pegs to remove them; finish with one peg (in the centre).",
  params = {
    { key = "board", type = "string", default = "english", doc = "\"english\" (33 holes) or \"french\" (37)" },
    { key = "goal", type = "string", default = "centre", doc = "\"centre\": one peg left in the centre; \"one\": one peg left" },
    { key = "empty", type = "string", default = "d4", doc = "the hole that starts empty" },
  },
  board = function(params)
    local shape = SHAPES[params.board]
    if not shape then error("board must be \"english\" or \"french\"") end
    return { width = 7, height = 7, kind = "points", diagonals = "none", shape = shape }
  end,
  sides = { "player" },
  pieces = { P = "" },
  rules = function(params)
    local shape = SHAPES[params.board] or SHAPES.english
    local ranks = {}
    for row = 1, 7 do
      local s, run = "", 0
      for col = 1, 7 do
        local square = string.char(96 + col) .. (8 - row)
        if shape[row]:sub(col, col) == "x" and square ~= params.empty then
          if run > 0 then s = s .. run end
          s, run = s .. "P", 0
        else
          run = run + 1
        end
      end
      ranks[row] = run > 0 and s .. run or s
    end
    if params.goal ~= "centre" and params.goal ~= "one" then error("goal must be \"centre\" or \"one\"") end
    return {
      start = table.concat(ranks, "/"),
      move = "jump",
      jump = { over = "any" },          -- pegs jump pegs: there is no enemy
      goal = { left = 1, noun = "peg", at = params.goal == "centre" and "d4" or nil,
               reason = params.goal == "centre" and "one peg left, in the centre" or "one peg left",
               miss = "one peg left, not in the centre" },
    }
  end,
  -- fewer pegs is progress; pegs far from the centre are hard to remove
  eval = function()
    local w = {}
    for rank = 0, 6 do
      for file = 0, 6 do
        w[#w + 1] = -10 - 3 * (math.abs(file - 3) + math.abs(rank - 3))
      end
    end
    return { squares = w }
  end,
}
