-- t_pieces.lua — one piece per movement of the piece vocabulary, for
-- tests/unit/test_game_pieces.c: a leaper, sliders (unbounded and with a
-- range), a capture-only stepper, a king, and second-side pieces whose
-- forward, backward and sideways are the board's south, north and east-west;
-- a pawn whose step forward is two from its home rank; the second side's
-- p becomes a b in its part of `home`, forced (one kind: not written).
return {
  name = "t_pieces",
  title = "piece movements",
  board = { width = 5, height = 5, kind = "cells" },
  sides = { "white", "black" },
  pieces = { N = "N", Q = "Q", S = "S", X = "X", K = "K", P = "P", p = "p", b = "b" },
  rules = {
    start = "2p2/5/5/5/2K2",
    zones = { home = { "a2-e2", "a4-e4" } },
    move = {
      N = { { "leap", { 1, 2 } } },
      Q = { { "slide", "all" } },
      S = { { "slide", "orthogonal", range = 2 } },
      X = { { "step", "diagonal", capture = "only" } },
      K = { { "step", "all" } },
      P = { { "step", "forward", capture = "never" },
            { "slide", "forward", range = 2, capture = "never", from = "home" },
            { "step", "forward-diagonals", capture = "only" } },
      p = { { "step", "forward" } },
      b = { { "step", "backward" }, { "step", "sideways", capture = "never" } },
    },
    promote = { p = "b", zone = "home" },
  },
}
