-- baghchal.lua — Bagh-Chal ("moving tiger"), the Nepali hunt game.
--
-- Played on the points of a 5×5 alquerque board: orthogonal lines
-- everywhere, diagonal lines through the points whose file + rank is
-- even.  Four tigers (t) start on the corners; the goats (G) start off the
-- board.  Goats move first.
--
--  * Goats: while fewer than `goats` have been placed, a goat turn puts a
--    new goat on any empty point; after that, a goat turn moves one goat
--    along a line to an adjacent empty point.  Goats never capture.
--  * Tigers: a tiger turn either moves one tiger along a line to an
--    adjacent empty point, or jumps over an adjacent goat, in a straight
--    line, onto the empty point just beyond it, capturing that goat.  One
--    capture per turn (no multiple jumps).  Tigers may capture during the
--    placing phase.
--  * Tigers win by capturing `captures` goats; goats win when the tigers
--    (to move) have no legal move.  A side to move without moves loses;
--    the third repetition of a position is a draw.
--
-- Params:
--   goats     int, default 20 (4..21): goats that enter the game
--   captures  int, default 5  (1..20): captures that win for the tigers
--
-- Moves: a placement is the point ("c3"), a step or jump is from-to
-- ("a1c3").  FEN: "t3t/5/5/5/t3t w 0 0" (board, side, goats placed, ply).

local TIGER, GOAT = "t", "G"

local function captured(pos)
  return pos:var("placed") - pos:count(GOAT)
end

-- Adds the tigers' moves; returns how many (adds nothing when add is false).
local function tiger_moves(pos, add)
  local n = 0
  for sq = 0, qp.n - 1 do
    if pos:get(sq) == TIGER then
      for d = 0, 7 do
        local a = qp.step(sq, d)
        if a then
          local p = pos:get(a)
          if not p then
            n = n + 1
            if add then pos:add(qp.move(sq, a)) end
          elseif p == GOAT then
            local b = qp.step(a, d)
            if b and not pos:get(b) then
              n = n + 1
              if add then pos:add(qp.move(sq, b, a + 1)) end   -- extra: the goat's square + 1
            end
          end
        end
      end
    end
  end
  return n
end

local function goat_moves(pos)
  if pos:var("placed") < qp.params.goats then
    pos:add_empty()
    return
  end
  for sq = 0, qp.n - 1 do
    if pos:get(sq) == GOAT then
      for _, to in ipairs(qp.adj[sq]) do
        if not pos:get(to) then pos:add(qp.move(sq, to)) end
      end
    end
  end
end

return {
  name = "hk_baghchal",
  title = "Bagh-Chal (tigers and goats)",
  help = "Goats try to trap the four tigers; tigers jump goats to capture them.",
  params = {
    { key = "goats", type = "int", default = 20, min = 4, max = 21,
      doc = "goats that enter the game" },
    { key = "captures", type = "int", default = 5, min = 1, max = 20,
      doc = "captured goats that win for the tigers" },
  },
  board = { width = 5, height = 5, kind = "points", diagonals = "alquerque" },
  sides = { "goats", "tigers" },
  pieces = { G = "G", t = "T" },
  vars = { "placed" },
  draw = { repetitions = 3 },

  setup = function(pos)
    for _, name in ipairs({ "a1", "e1", "a5", "e5" }) do
      pos:set(qp.square(name), TIGER)
    end
  end,

  -- Goats that left the board stay captured: recompute nothing, but a FEN
  -- must not claim fewer placed goats than stand on the board.
  from_fen = function(pos)
    if pos:var("placed") < pos:count(GOAT) then
      return "more goats on the board than were placed"
    end
  end,

  moves = function(pos)
    if captured(pos) >= qp.params.captures then return end
    if pos:side() == 0 then goat_moves(pos) else tiger_moves(pos, true) end
  end,

  play = function(pos, move)
    local from, to, extra = qp.decode(move)
    if pos:side() == 0 then
      if from then
        pos:set(from, nil)
      else
        pos:setvar("placed", pos:var("placed") + 1)
      end
      pos:set(to, GOAT)
    else
      pos:set(from, nil)
      if extra > 0 then pos:set(extra - 1, nil) end
      pos:set(to, TIGER)
    end
  end,

  noisy = function(pos, move)
    local _, _, extra = qp.decode(move)
    return extra ~= nil and extra > 0
  end,

  irreversible = function(pos, move)
    local from, _, extra = qp.decode(move)
    return from == nil or extra > 0   -- a goat enters or leaves for good
  end,

  outcome = function(pos)
    if captured(pos) >= qp.params.captures then
      return "win", 1, "goats captured"
    end
    if pos:side() == 1 and tiger_moves(pos, false) == 0 then
      return "win", 0, "tigers trapped"
    end
  end,

  -- Each capture is a big step towards the tigers' win; tiger mobility is
  -- the goats' danger (fewer tiger moves: closer to a trap).
  evaluate = function(pos)
    local s = -250 * captured(pos) - 10 * tiger_moves(pos, false)
    if pos:side() == 1 then s = -s end
    return s
  end,
}
