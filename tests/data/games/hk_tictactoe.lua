-- tictactoe.lua — noughts and crosses on a 3×3 grid.
--
-- X moves first; players take turns marking an empty cell; three marks in
-- a row (across, down or diagonally) win; a full board without a line is
-- a draw.  A move is the cell's name ("b2").  The game has no parameters.
--
-- FEN: "3/3/3 w 0" (board, side, ply).  perft = "games" says the game's
-- published figures count a game that ended early as one leaf (perft 9:
-- its 255168 games, `qipan perft --finished`); plain perft counts the
-- positions after exactly d plies: 9, 72, 504, 3024, 15120, 54720,
-- 148176, 200448, 127872.

local function three(pos)
  return qp.find_line(pos, 3)
end

return {
  name = "hk_tictactoe",
  title = "Tic-tac-toe (noughts and crosses)",
  help = "Take turns marking an empty cell; three in a row wins.",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  perft = "games",
  pieces = { X = "X", o = "O" },

  moves = function(pos)
    if three(pos) then return end
    pos:add_empty()
  end,

  play = function(pos, move)
    pos:set(qp.to(move), pos:side() == 0 and "X" or "o")
  end,

  outcome = function(pos)
    local letter = three(pos)
    if letter then
      return "win", letter == "X" and 0 or 1, "three in a row"
    end
    if pos:count("X") + pos:count("o") == 9 then
      return "draw", "board full"
    end
  end,
}
