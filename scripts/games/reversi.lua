-- reversi.lua — Reversi / Othello on an 8×8 board of cells, declared as
-- rule blocks (scripts/games/README.md documents each block).
--
-- Black (X) moves first from the usual four-disc centre.  A move places a
-- disc on an empty cell so that it brackets one or more straight runs of
-- the opponent's discs (across, down or diagonally) with another disc of
-- the mover's; every bracketed disc flips.  A player without such a move
-- must pass (the move "pass", legal only then); when neither player can
-- move the game ends and the side with more discs wins.
--
-- No parameters.  Moves use Othello's names: Black's first moves are d3,
-- c4, f5 and e6.  Perft from the start (passes counted as moves):
-- 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288.
--
-- FEN: "8/8/8/3Xo3/3oX3/8/8/8 w 0" (board, side, ply).

return {
  name = "reversi",
  title = "Reversi (Othello)",
  help = "Place a disc to bracket and flip your opponent's discs; most discs at the end wins.",
  board = { width = 8, height = 8, kind = "cells", look = "felt" },
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = {
    start = "8/8/8/3Xo3/3oX3/8/8/8",
    place = "flank",                 -- bracket and flip
    stuck = "pass",                  -- pass only without a move; both stuck: count
    count = { result = "most", reason = "more discs", draw_reason = "equal discs" },
  },
  -- Corners are stable and worth much; the cells next to an empty corner
  -- give it away (X- and C-squares); having moves matters more than
  -- discs until the end, and so does not touching empty cells (the
  -- frontier gives the opponent moves); stable discs are kept for good.
  -- Each term beat the table and mobility alone in matches at equal
  -- nodes (docs/engine.md).
  eval = {
    squares = {
      100, -2, 10, 5, 5, 10, -2, 100,
      -2, -5, -2, -2, -2, -2, -5, -2,
      10, -2, 1, 1, 1, 1, -2, 10,
      5, -2, 1, 0, 0, 1, -2, 5,
      5, -2, 1, 0, 0, 1, -2, 5,
      10, -2, 1, 1, 1, 1, -2, 10,
      -2, -5, -2, -2, -2, -2, -5, -2,
      100, -2, 10, 5, 5, 10, -2, 100,
    },
    empty_corner = { diagonal = -45, beside = -18 },
    mobility = 12,
    frontier = 5,
    stable = 20,
  },
  ai = "alphabeta",   -- chosen by matches (docs/engine.md)
}
