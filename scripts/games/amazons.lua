-- amazons.lua — the Game of the Amazons (Walter Zamkauskas, 1988), declared
-- as rule blocks.
--
-- Each side has four amazons (queens).  A turn is two parts, one move:
-- first an amazon of the side to move slides like a chess queen (any
-- distance along a rank, file or diagonal, over empty squares only, no
-- capture), then, from the square where it landed, it shoots an arrow
-- the same way: along a queen line over empty squares to an empty square
-- (the square it just left is empty by then, so it may shoot back there
-- or through it).  An arrow stays for the rest of the game, belongs to
-- nobody and blocks amazons and arrows alike.  A side that cannot move
-- loses (there is no pass and no draw).  White moves first.
--
-- Setups.  10×10, the standard one: white a4 d1 g1 j4, black a7 d10 g10
-- j7.  Smaller boards have no single standard; this file scales the same
-- pattern, with k = (size - 1) // 3 (3 on 10×10): white on the first rank
-- k files in from each corner and on the edge files k ranks up, black the
-- mirror image.  8×8: white a3 c1 f1 h3, black a6 c8 f8 h6; 6×6: white
-- a2 b1 e1 f2, black a5 b6 e6 f5.
--
-- Params:
--   size  int, default 10 (6, 8 or 10): the board is size × size
--
-- Moves: the amazon's square, where it lands and where its arrow lands,
-- "d1d7g7".  FEN: Q white amazon, q black amazon, x arrow, e.g. the
-- 10×10 start "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w 0".
-- Perft from the 10×10 start: 2176, 4307152 (published).

local function setup(n)
  local k = (n - 1) // 3
  local rows = {}
  local function row(cells)
    local s, run = "", 0
    for f = 1, n do
      local c = cells[f]
      if c then
        if run > 0 then s = s .. run end
        s, run = s .. c, 0
      else
        run = run + 1
      end
    end
    if run > 0 then s = s .. run end
    return s
  end
  for r = n, 1, -1 do   -- FEN: the top rank first
    local cells = {}
    if r == 1 then cells[k + 1], cells[n - k] = "Q", "Q" end
    if r == n then cells[k + 1], cells[n - k] = "q", "q" end
    if r == k + 1 then cells[1], cells[n] = "Q", "Q" end
    if r == n - k then cells[1], cells[n] = "q", "q" end
    rows[#rows + 1] = row(cells)
  end
  return table.concat(rows, "/")
end

return {
  name = "amazons",
  title = "Game of the Amazons",
  help = "Move an amazon like a queen, then shoot an arrow from where it lands; the last side able to move wins.",
  params = {
    { key = "size", type = "int", default = 10, min = 6, max = 10,
      doc = "board size: 6, 8 or 10" },
  },
  board = function(p)
    if p.size % 2 == 1 or p.size == 7 or p.size == 9 then
      error("amazons: size must be 6, 8 or 10")
    end
    return { width = p.size, height = p.size, kind = "cells", diagonals = "all", look = "checkered" }
  end,
  sides = { "white", "black" },
  pieces = {
    Q = { glyph = "♕" },   -- drawn as chess queens
    q = { glyph = "♛" },
    x = { glyph = "x", neutral = true },
  },
  rules = function(p)
    return {
      start = setup(p.size),
      move = "slide",
      shoot = { piece = "x", move = "slide" },
      stuck = { result = "loses", reason = "no moves" },
      playout = { rave = true },   -- MCTS: a move scores much the same whenever it is made
    }
  end,
  ai = "mcts",   -- chosen by matches (docs/engine.md)
}
