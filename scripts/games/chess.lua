-- chess.lua — Western chess (FIDE Laws of Chess), declared wholly as rule
-- blocks: no Lua hooks, so perft, search and playouts never call Lua.
--
-- King (K), queen (Q), rook (R), bishop (B), knight (N) and pawn (P); White
-- (upper case) moves first.  A move that leaves one's own king attacked is
-- illegal; a side with no legal move is checkmated when its king is
-- attacked, stalemated (a draw) otherwise.  A pawn steps forward to an
-- empty square, two squares from its start rank, and captures diagonally
-- forward, also en passant the pawn that just passed the square it lands
-- on; reaching the far rank it becomes a queen, rook, bishop or knight of
-- the mover's choice.  Castling moves the king two squares towards an
-- unmoved rook, which goes to the square the king passed.  Draws: the
-- third repetition of a position, fifty moves of each side without a
-- capture or a pawn move, and material that cannot mate.
--
-- Moves: from-to ("e2e4"), castling by the king ("e1g1"), a promotion with
-- the new piece ("e7e8q").  FEN: standard,
-- "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".

local king = { { "step", "all" } }
local queen = { { "slide", "all" } }
local rook = { { "slide", "orthogonal" } }
local bishop = { { "slide", "diagonal" } }
local knight = { { "leap", { 1, 2 } } }
local pawn = {
  -- one square forward to an empty square; up to two from the start rank
  { "step", "forward", capture = "never" },
  { "slide", "forward", range = 2, capture = "never", from = "start" },
  -- diagonally forward only to capture, also en passant
  { "step", "forward-diagonals", capture = "only", en_passant = true },
}

local pawn_squares = {
   0,  0,  0,  0,  0,  0,  0,  0,
   5, 10, 10,-20,-20, 10, 10,  5,
   5, -5,-10,  0,  0,-10, -5,  5,
   0,  0,  0, 20, 20,  0,  0,  0,
   5,  5, 10, 25, 25, 10,  5,  5,
  10, 10, 20, 30, 30, 20, 10, 10,
  50, 50, 50, 50, 50, 50, 50, 50,
   0,  0,  0,  0,  0,  0,  0,  0,
}
local knight_squares = {
  -50,-40,-30,-30,-30,-30,-40,-50,
  -40,-20,  0,  5,  5,  0,-20,-40,
  -30,  5, 10, 15, 15, 10,  5,-30,
  -30,  0, 15, 20, 20, 15,  0,-30,
  -30,  5, 15, 20, 20, 15,  5,-30,
  -30,  0, 10, 15, 15, 10,  0,-30,
  -40,-20,  0,  0,  0,  0,-20,-40,
  -50,-40,-30,-30,-30,-30,-40,-50,
}
local bishop_squares = {
  -20,-10,-10,-10,-10,-10,-10,-20,
  -10,  5,  0,  0,  0,  0,  5,-10,
  -10, 10, 10, 10, 10, 10, 10,-10,
  -10,  0, 10, 10, 10, 10,  0,-10,
  -10,  5,  5, 10, 10,  5,  5,-10,
  -10,  0,  5, 10, 10,  5,  0,-10,
  -10,  0,  0,  0,  0,  0,  0,-10,
  -20,-10,-10,-10,-10,-10,-10,-20,
}
local king_squares = {
   20, 30, 10,  0,  0, 10, 30, 20,
   20, 20,  0,  0,  0,  0, 20, 20,
  -10,-20,-20,-20,-20,-20,-20,-10,
  -20,-30,-30,-40,-40,-30,-30,-20,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
  -30,-40,-40,-50,-50,-40,-40,-30,
}

return {
  name = "chess",
  title = "Chess",
  help = "Checkmate the enemy king.",
  board = { width = 8, height = 8, kind = "cells", look = "checkered" },
  sides = { "white", "black" },
  pieces = {
    K = { glyph = "\u{2654}", value = 0 },   q = { glyph = "\u{265B}", value = 900 },
    Q = { glyph = "\u{2655}", value = 900 }, r = { glyph = "\u{265C}", value = 500 },
    R = { glyph = "\u{2656}", value = 500 }, b = { glyph = "\u{265D}", value = 330 },
    B = { glyph = "\u{2657}", value = 330 }, n = { glyph = "\u{265E}", value = 320 },
    N = { glyph = "\u{2658}", value = 320 }, p = { glyph = "\u{265F}", value = 100 },
    P = { glyph = "\u{2659}", value = 100 }, k = { glyph = "\u{265A}", value = 0 },
  },
  -- the fifty-move rule counts plies without a capture or a pawn move
  draw = { repetitions = 3, no_capture_plies = 100 },
  rules = {
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    move = {
      K = king, Q = queen, R = rook, B = bishop, N = knight, P = pawn,
      k = king, q = queen, r = rook, b = bishop, n = knight, p = pawn,
    },
    zones = {
      start = { "a2-h2", "a7-h7" },   -- each side's pawn rank, White's first
      far = { "a8-h8", "a1-h1" },     -- each side's promotion rank
    },
    royal = { pieces = "Kk", name = "king" },
    castling = {                      -- king from, to; rook from, to
      K = "e1 g1 h1 f1", Q = "e1 c1 a1 d1",
      k = "e8 g8 h8 f8", q = "e8 c8 a8 d8",
    },
    promote = { zone = "far", P = "QRBN", p = "qrbn" },
    resets_no_capture = "Pp",         -- a pawn move restarts the fifty-move count
    dead = { "Kk", "KBk", "Kkb", "KNk", "Kkn", reason = "insufficient material" },
    stuck = { result = "draw", reason = "stalemate", check = "loses", check_reason = "checkmate" },
  },
  -- material (the pieces' values) and where pieces stand, from White's
  -- side, a1 first (Black's are mirrored): pawns advance, knights and
  -- bishops centralise, the king stays home
  eval = {
    squares = {
      P = pawn_squares, p = pawn_squares, N = knight_squares, n = knight_squares,
      B = bishop_squares, b = bishop_squares, K = king_squares, k = king_squares,
    },
  },
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
