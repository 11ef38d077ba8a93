-- pegsolitaire.lua — English peg solitaire, a one-player puzzle.
--
-- The board is the 33-hole cross (a 7×7 grid without its 2×2 corners).
-- Every hole holds a peg except the centre, d4.  A move jumps a peg over
-- an orthogonally adjacent peg into the empty hole just beyond; the
-- jumped peg is removed.  The puzzle is solved when one peg is left, in
-- the centre; it is lost when no jump is possible before that (a draw, as
-- the framework has no "loss" for a lone player; the reason says how many
-- pegs are left).
--
-- No parameters.  Moves are from-to ("d6d4").  Perft from the start:
-- 4, 12, 60, 400, 2960 (depths 1–5).
-- FEN: "2PPP2/2PPP2/PPPPPPP/PPP1PPP/PPPPPPP/2PPP2/2PPP2 w 0" (board, side,
-- ply); the corner squares are not holes and are written as empty.

local CENTRE = 24   -- d4

-- Adds every jump with pos:add when add is set; returns whether one exists.
local function jumps(pos, add)
  local found = false
  for sq = 0, qp.n - 1 do
    if pos:get(sq) then
      for d = 0, 3 do
        local over = qp.step(sq, d)
        if over and pos:get(over) then
          local to = qp.step(over, d)
          if to and not pos:get(to) then
            if not add then return true end
            pos:add(qp.move(sq, to, over + 1))   -- extra: the jumped hole + 1
            found = true
          end
        end
      end
    end
  end
  return found
end

return {
  name = "pegsolitaire",
  title = "Peg solitaire (English, 33 holes)",
  help = "Jump pegs over pegs to remove them; finish with one peg in the centre.",
  board = {
    width = 7, height = 7, kind = "points",
    shape = { "..xxx..", "..xxx..", "xxxxxxx", "xxxxxxx", "xxxxxxx", "..xxx..", "..xxx.." },
  },
  sides = { "player" },
  pieces = { P = "" },
  irreversible = true,
  max_plies = 31,

  setup = function(pos)
    for sq = 0, qp.n - 1 do
      if qp.on_board(sq) and sq ~= CENTRE then pos:set(sq, "P") end
    end
  end,

  moves = function(pos) jumps(pos, true) end,

  play = function(pos, move)
    local from, to, extra = qp.decode(move)
    pos:set(from, nil)
    pos:set(extra - 1, nil)
    pos:set(to, "P")
  end,

  outcome = function(pos)
    local left = pos:count("P")
    if left == 1 and pos:get(CENTRE) then return "win", 0, "solved" end
    if left == 1 then return "loss", 0, "one peg left, not in the centre" end
    if not jumps(pos, false) then return "loss", 0, left .. " pegs left" end
  end,

  -- Fewer pegs is progress; pegs far from the centre are hard to remove.
  evaluate = function(pos)
    local s = 0
    for sq = 0, qp.n - 1 do
      if pos:get(sq) then
        s = s - 10 - 3 * (math.abs(qp.file(sq) - 3) + math.abs(qp.rank(sq) - 3))
      end
    end
    return s
  end,
}
