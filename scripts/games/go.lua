-- go.lua — Go (围棋, 囲碁, 바둑) with area scoring and positional superko,
-- declared as rule blocks.
--
-- Rules (the Chinese area rules in the precise form of the Tromp-Taylor
-- rules, except that suicide is illegal):
--   - Black (X) moves first; a move places a stone of the mover's colour
--     on an empty point, or passes.  A pass is always legal.
--   - Stones of one colour linked along the lines form a group; its
--     liberties are the empty points next to it.  After a stone is
--     placed, every enemy group left without a liberty is removed; then,
--     if the stone's own group has no liberty, the move was suicide,
--     which is illegal.
--   - Positional superko: a move may not recreate a board position that
--     occurred earlier in the game (whoever was to move then).  This
--     covers the ko.  qipan's game layer, search and perft enforce it; a
--     position alone (`qipan moves` with a FEN) does not know its past.
--   - Two passes in a row end the game.  Each side scores its stones
--     plus the empty points of the regions that touch its stones only;
--     White adds komi.  The higher score wins; with an integer komi equal
--     scores draw.  Dead stones are not removed: play the game out.
--
-- Params:
--   size  int,    default 9 (9, 13 or 19): the board is size × size points
--   komi  number, default 7.5: White's compensation, a multiple of 0.5
--
-- Move text: the point, its file as a letter from "a" (consecutive, no
-- letter skipped: a..s on 19×19) and its rank from 1 at the bottom
-- ("e5", "s19"); "pass".
--
-- FEN: ranks from the top with X (Black) and o (White), then the side to
-- move as in every qipan FEN ("w" the first side, Black; "b" the second,
-- White) and the ply: after Black's e5, "9/9/9/9/4X4/9/9/9/9 b 1".  After
-- one or more passes in a row the board field ends with "~N": after
-- Black's pass, "9/9/9/9/9/9/9/9/9~1 b 1".
--
-- Sources: the Tromp-Taylor rules (John Tromp, "The Game of Go"; the
-- logical rules of Go, 1995) and the Chinese rules of Weiqi (area
-- scoring, suicide forbidden).

return {
  name = "go",
  title = "Go (area scoring, positional superko)",
  help = "Place stones; a group without liberties is taken.  Two passes end the game: stones plus surrounded points, White adds komi.",
  params = {
    { key = "size", type = "int", default = 9, min = 9, max = 19,
      doc = "board size: 9, 13 or 19 (size x size points)" },
    { key = "komi", type = "string", default = "7.5",
      doc = "White's compensation in points, a multiple of 0.5 (e.g. 7.5, 6, 0)" },
  },
  board = function(params)
    local n = params.size
    if n ~= 9 and n ~= 13 and n ~= 19 then
      error("size must be 9, 13 or 19, got " .. n)
    end
    return { width = n, height = n, kind = "points" }
  end,
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  -- a random game rarely runs past three moves a point; playouts stop there
  max_plies = function(params) return 3 * params.size * params.size end,
  rules = function(params)
    local komi = tonumber(params.komi)
    if not komi then error("komi must be a number, got '" .. params.komi .. "'") end
    return {
      place = { on = "empty", capture = "surround", suicide = false },
      pass = { ends = 2 },
      score = { kind = "area", komi = komi, reason = "area score" },
      superko = true,
      -- MCTS: playouts keep their own eyes (and pass only when nothing
      -- else is left), answer ataris (take a stone left with one liberty,
      -- save a group put in atari), then play a local shape next to the
      -- last move; a point is worth much the same whenever it is taken;
      -- new nodes start from those answers and shapes (priors)
      playout = {
        avoid_own_eyes = true, rave = true, atari = true, priors = true,
        -- MoGo's 3x3 shapes (Gelly, Wang, Munos and Teytaud, 2006): '*'
        -- the point played, X and O the two sides either way round, x
        -- not X, o not O, . empty, # off the board, ? anything; every
        -- rotation and reflection counts
        patterns = {
          "XOX/.*./???",   -- hane that encloses
          "XO./.*./?.?",   -- hane that leaves no cut
          "XO?/X*./x.?",   -- magari, the turn around a stone
          ".O./X*./...",   -- diagonal attachment
          "XO?/O*o/?o?",   -- cut
          "XO?/O*X/???",   -- cut after a peep
          "?X?/O*O/ooo",   -- cut between two stones
          "OX?/o*O/???",   -- cut of a knight's move
          "X.?/O*?/###",   -- edge: chase along it
          "OX?/X*O/###",   -- edge: block the cut
          "?X?/x*O/###",   -- edge: block the link
          "?XO/x*x/###",   -- edge: descend
          "?OX/X*O/###",   -- edge: cut
        },
      },
    }
  end,
  ai = "mcts",   -- chosen by matches (docs/engine.md)
}
