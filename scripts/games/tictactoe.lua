-- tictactoe.lua — noughts and crosses on a 3×3 grid, declared as rule blocks.
--
-- X moves first; players take turns marking an empty cell; three marks in
-- a row (across, down or diagonally) win; a full board without a line is
-- a draw.  A move is the cell's name ("b2").  No parameters.
--
-- FEN: "3/3/3 w 0" (board, side, ply).  perft = "games" says the game's
-- published figures count a game that ended early as one leaf: perft 9 is
-- then the number of possible games, 255168 (131184 won by X, 77904 by O,
-- 46080 drawn), which `qipan perft tictactoe 9 --finished` prints.  Plain
-- `qipan perft` counts the positions after exactly d plies: 9, 72, 504,
-- 3024, 15120, 54720, 148176, 200448, 127872.

return {
  name = "tictactoe",
  title = "Tic-tac-toe (noughts and crosses)",
  help = "Take turns marking an empty cell; three in a row wins.",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  perft = "games",
  pieces = { X = "X", o = "O" },
  -- no evaluation: the game's AI is then Monte Carlo tree search, which
  -- plays it perfectly
  rules = {
    place = "empty",             -- any empty cell
    line = 3,                    -- three in a row wins
    stuck = "draw",              -- a full board is a draw ("board full")
  },
  ai = "mcts",   -- matches drew (docs/engine.md): the default kept
}
