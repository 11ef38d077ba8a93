-- checkers.lua — English draughts (checkers), declared wholly as rule
-- blocks: no Lua hooks, so perft, search and playouts run in C.
--
-- Rules (as the English Draughts Association's and the World Checkers
-- Draughts Federation's rules state them):
--  * 8×8 board; only the 32 dark squares are played on (a1 is dark, as in
--    the standard diagram: the light squares are holes).  Each side has 12
--    men.  Black (the first side, upper-case letters) starts on ranks 1–3
--    and moves up the board; White on ranks 6–8 moving down.  Black moves
--    first.
--  * A man moves one square diagonally forward; a king one square
--    diagonally forward or backward.
--  * A man captures by jumping diagonally forward over an adjacent enemy
--    piece onto the empty square just beyond; a king jumps forward or
--    backward.  Captures are compulsory (any capture may be chosen, not
--    necessarily the longest — see `most`), and a capturing piece must go
--    on jumping while it can: the whole chain is one move.
--  * A man reaching the far rank becomes a king, and the move ends there,
--    even if the new king could jump on.
--  * A side without a legal move (no pieces, or all blocked) loses.
--  * Draw: the third repetition of a position, or 40 moves each (80 plies)
--    without a capture or a man's move.
--
-- Params:
--   most   bool, default false: when several captures exist, one taking
--          the most pieces must be chosen (not a rule of English draughts;
--          a rule of several other draughts games)
--
-- Moves: a step from-to ("c3d4"); a capture every landing square of its
-- chain ("c3e5g7").
-- FEN: ranks from 8 down to 1, digits count empty squares (light squares
-- included), M/K Black's men and kings, m/k White's; the side field is
-- "w" for the first side (Black) and "b" for White, as in every game
-- file; then the ply.  The start:
--   "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 w 0"
-- Perft from the start (published): 7, 49, 302, 1469, 7361, 36768,
-- 179740, 845931.

return {
  name = "checkers",
  title = "English draughts (checkers)",
  help = "Move diagonally forward; jumps are compulsory and chain; reach the far rank to crown a king.",
  params = {
    { key = "most", type = "bool", default = false,
      doc = "a capture must take the most pieces" },
  },
  board = { width = 8, height = 8, kind = "cells", squares = "dark", look = "checkered" },
  sides = { "black", "white" },
  pieces = {
    -- the Unicode draughts men and kings, drawn as stones (kings crowned)
    M = { glyph = "⛂", value = 100 }, K = { glyph = "⛃", value = 250 },
    m = { glyph = "⛀", value = 100 }, k = { glyph = "⛁", value = 250 },
  },
  draw = { repetitions = 3, no_capture_plies = 80 },
  rules = function(params)
    return {
      start = "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1",
      move = { M = { "step", "jump", directions = "forward-diagonals" },
               m = { "step", "jump", directions = "forward-diagonals" },
               K = { "step", "jump" }, k = { "step", "jump" }, directions = "diagonal" },
      jump = { chain = "full", forced = true, most = params.most },
      promote = { M = "K", m = "k", at = "far rank", ends_chain = true },
      resets_no_capture = "Mm",
      stuck = { result = "loses", reason = "no moves" },
    }
  end,
  -- men advance towards the crowning rank; kings are worth two and a half men
  eval = function()
    local w = {}
    for rank = 0, 7 do
      for file = 0, 7 do
        w[#w + 1] = 3 * rank + ((file >= 2 and file <= 5) and 4 or 0)
      end
    end
    return { squares = { M = w, m = w }, mobility = 2 }
  end,
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
