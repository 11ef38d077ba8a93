-- connect4.lua — Connect Four: seven columns of six cells, discs drop to
-- the lowest empty cell of a column; four in a row (across, down or
-- diagonally) wins; a full board is a draw.  Red moves first.
--
-- Moves: the cell the disc lands on ("d1"), or just its column ("d").
-- FEN: "7/7/7/7/7/7 w 0".  Perft 1–8: 7, 49, 343, 2401, 16807, 117649,
-- 823536, 5673234.

return {
  name = "connect4",
  title = "Connect Four",
  help = "Drop discs into the columns; four in a row wins.",
  board = { width = 7, height = 6, kind = "cells" },
  sides = { "red", "yellow" },
  pieces = { X = "", o = "" },
  rules = { place = "gravity", line = 4, stuck = "draw" },
  -- the number of four-cell lines through each cell, a1 first, and
  -- runs of two and three with room to grow
  eval = {
    runs = { 0, 4, 30 },
    squares = {
      3, 4, 5, 7, 5, 4, 3,
      4, 6, 8, 10, 8, 6, 4,
      5, 8, 11, 13, 11, 8, 5,
      5, 8, 11, 13, 11, 8, 5,
      4, 6, 8, 10, 8, 6, 4,
      3, 4, 5, 7, 5, 4, 3,
    },
  },
  ai = "alphabeta",   -- matches drew at equal CPU (docs/engine.md): the default kept
}
