-- breakthrough.lua — Breakthrough (Dan Troyka, 2000), declared as rule
-- blocks with the piece vocabulary.
--
-- An 8×8 board; each side starts with its two home rows full (White, P,
-- on ranks 1-2 and moves first; Black, p, on ranks 7-8).  A turn moves
-- one piece one square straight forward or diagonally forward to an empty
-- square, or diagonally forward onto an enemy piece, capturing it (a
-- piece never captures straight ahead).  The first side to reach the far
-- rank, or to capture every enemy piece, wins.  Every move goes forward,
-- so the game cannot repeat a position and always ends.
--
-- Rules as published with the game (Troyka's Breakthrough, the 2001
-- 8×8 Game Design Competition winner), the same as the general game
-- playing competitions' version.
--
-- Moves: from-to ("a2a3", a capture "b4c5").  FEN: the board from rank 8,
-- side, ply ("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0").

local piece = {
  { "step", "forward", capture = "never" },            -- straight ahead: only to an empty square
  { "step", "forward-diagonals", capture = "also" },   -- diagonally: to an empty square or onto an enemy
}

return {
  name = "breakthrough",
  title = "Breakthrough",
  help = "Step forward, capture diagonally forward; reach the far rank or take every enemy piece.",
  board = { width = 8, height = 8, kind = "cells", look = "checkered" },   -- a chessboard
  sides = { "white", "black" },
  pieces = { P = { glyph = "\u{25CF}", value = 100 }, p = { glyph = "\u{25CB}", value = 100 } },
  rules = {
    start = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP",
    move = { P = piece, p = piece },
    zones = { far = { "a8-h8", "a1-h1" } },   -- each side's far rank, the first side's first
    reach = { zone = "far", reason = "reached the far rank" },
    captures = { count = "all", reason = "every enemy piece captured" },
  },
  -- a piece is worth more the further it has come
  eval = {
    squares = { 0, 0, 0, 0, 0, 0, 0, 0,
                2, 2, 2, 2, 2, 2, 2, 2,
                4, 4, 4, 4, 4, 4, 4, 4,
                8, 8, 8, 8, 8, 8, 8, 8,
                14, 14, 14, 14, 14, 14, 14, 14,
                24, 24, 24, 24, 24, 24, 24, 24,
                40, 40, 40, 40, 40, 40, 40, 40,
                0, 0, 0, 0, 0, 0, 0, 0 },
  },
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
