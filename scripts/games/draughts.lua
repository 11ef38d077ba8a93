-- draughts.lua — international draughts (10×10), declared wholly as rule
-- blocks: no Lua hooks, so perft, search and playouts run in C.
--
-- Rules (as the FMJD's official rules state them):
--  * 10×10 board; only the 50 dark squares are played on (a1 is dark).
--    Each side has 20 men.  White (the first side, upper-case letters)
--    starts on squares 31–50, the four rows nearest it, and moves up the
--    board; Black on 1–20 moving down.  White moves first.
--  * A man steps one square diagonally forward.  A king (flying king)
--    moves any distance along a diagonal through empty squares.
--  * Capture is compulsory.  A man captures an adjacent enemy piece
--    diagonally, forward or backward, landing on the empty square just
--    beyond.  A king captures an enemy piece any distance away on a
--    diagonal (the squares between empty) and lands on any empty square
--    beyond it.  A capturing piece goes on capturing while it can: the
--    whole chain is one move, and it may pass the same empty square more
--    than once (its own starting square is empty too).
--  * Captured pieces come off only when the chain ends: until then they
--    block, and none may be jumped twice (the Turkish strike rule).
--  * The majority rule: the capture taking the most pieces must be
--    played; kings and men count the same.  Among equal captures the
--    player chooses.
--  * A man that ends its move on the far row becomes a king.  A man that
--    only passes the far row during a chain and ends elsewhere stays a man.
--  * A side without a legal move (no pieces, or all blocked) loses.
--  * Draws: the third repetition of a position (same side to move), or
--    25 moves each (50 plies) in which only kings moved, without a
--    capture (a man's move or a capture resets the count).  FMJD's
--    16-move rule for a few small endgames (three kings against one …)
--    is not kept.
--
-- Params:
--   size   int, default 10 (8 or 10): 8 is Brazilian draughts, the same
--          rules on 8×8 with 12 men each (squares 1–32)
--
-- Moves, as players write them: the dark squares are numbered 1–50 from
-- the top left as White sees the board (b10 is 1, a1 is 46).  A step is
-- from-to, "32-28"; a capture from x to, "19x30" — every landing in
-- order ("37x28x19x30") only when another capture also goes from 19 to
-- 30, and the parser accepts every landing for any capture.  A capture is
-- one move per set of pieces taken: two routes taking the same pieces
-- from the same square to the same square are one move.
-- FEN: ranks from 10 down to 1, digits count empty squares (light squares
-- included), M/K White's men and kings, m/k Black's; the side field is
-- "w" for White and "b" for Black; then the ply.  The start:
--   "1m1m1m1m1m/m1m1m1m1m1/1m1m1m1m1m/m1m1m1m1m1/10/10/1M1M1M1M1M/M1M1M1M1M1/1M1M1M1M1M/M1M1M1M1M1 w 0"
-- Perft from the start (published by Aart Bik for his BikDam, counting a
-- capture once however many routes take the same pieces, as here): 9, 81,
-- 658, 4265, 27117, 167140, 1049442, 6483961, 41022423 (all measured).
-- Brazilian (size = 8; Rein Halbersma's figures, which count each route,
-- so no two routes take the same pieces this early): 7, 49, 302, 1469,
-- 7473, 37628, 187302.

-- The start: men on the dark squares of the (size - 2) / 2 rows nearest each side.
local function start(n)
  local rows, men = {}, (n - 2) // 2
  for rank = n - 1, 0, -1 do
    local side = rank >= n - men and "m" or rank < men and "M" or nil
    if not side then
      rows[#rows + 1] = tostring(n)
    else
      local row, gap = "", 0
      for file = 0, n - 1 do
        if (file + rank) % 2 == 0 then
          if gap > 0 then row = row .. gap end
          row, gap = row .. side, 0
        else
          gap = gap + 1
        end
      end
      if gap > 0 then row = row .. gap end
      rows[#rows + 1] = row
    end
  end
  return table.concat(rows, "/")
end

return {
  name = "draughts",
  title = "International draughts",
  help = "Men step diagonally forward and capture both ways; kings fly. Capturing is compulsory, and the capture taking the most pieces must be played.",
  params = {
    { key = "size", type = "int", default = 10, min = 8, max = 10,
      doc = "board size: 10 (international) or 8 (Brazilian)" },
  },
  board = function(p)
    if p.size ~= 8 and p.size ~= 10 then error("draughts: size must be 8 or 10") end
    return { width = p.size, height = p.size, kind = "cells", squares = "dark", look = "checkered" }
  end,
  sides = { "white", "black" },
  pieces = {
    -- the Unicode draughts men and kings, drawn as stones (kings crowned)
    M = { glyph = "⛀", value = 100 }, K = { glyph = "⛁", value = 300 },
    m = { glyph = "⛂", value = 100 }, k = { glyph = "⛃", value = 300 },
  },
  draw = { repetitions = 3, no_capture_plies = 50 },
  rules = function(p)
    return {
      start = start(p.size),
      move = { M = { "step", "jump", directions = "forward-diagonals" },
               m = { "step", "jump", directions = "forward-diagonals" },
               K = { "slide", "flying jump" }, k = { "slide", "flying jump" },
               directions = "diagonal" },
      jump = { chain = "full", forced = true, most = true, remove = "after", backward = "Mm" },
      promote = { M = "K", m = "k", at = "far rank" },
      resets_no_capture = "Mm",
      stuck = { result = "loses", reason = "no moves" },
      notation = "numbers",
    }
  end,
  -- men advance towards the crowning row and hold the centre; a king is
  -- worth three men
  eval = function(p)
    local n, w = p.size, {}
    for rank = 0, n - 1 do
      for file = 0, n - 1 do
        local centre = (file >= 2 and file <= n - 3) and 3 or 0
        w[#w + 1] = 2 * rank + centre
      end
    end
    return { squares = { M = w, m = w }, mobility = 2 }
  end,
  ai = "alphabeta",
}
