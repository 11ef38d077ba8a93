-- xiangqi.lua — default configuration of the "xiangqi" ruleset (standard
-- Chinese chess, 象棋).  Every key the ruleset reads is listed here once,
-- with its type and default; a copy of this file with some values changed is
-- a valid --config.  The values below are the built-in defaults.
--
-- Rules in brief: 9 files × 10 ranks, river between ranks 5 and 6, palaces
-- d1-f3 and d8-f10; generals may not face each other on an open file;
-- checkmate and stalemate both lose for the side to move.

return {
  ruleset = "xiangqi",

  -- setup (string, default "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"):
  -- the start position as FEN, ranks 10 down to 1, Fairy-Stockfish letters
  -- K general, A advisor, B elephant, N horse, R chariot, C cannon, P soldier
  -- (upper case Red, lower case Black), side to move "w" (Red) or "b".
  setup = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",

  draw = {
    -- repetitions (integer 0..100, default 3): the n-th occurrence of the
    -- same position with the same side to move ends the game; 0 turns it off.
    repetitions = 3,
    -- perpetual_check_loses (boolean, default true): when a position repeats,
    -- the side that gave check with every one of its moves in the cycle
    -- (while the other did not) loses instead of drawing.  Perpetual chase,
    -- the Asian rules' other loss, is not judged: such a repetition draws.
    perpetual_check_loses = true,
    -- no_capture_plies (integer 0..100000, default 120): plies without a
    -- capture after which the game is drawn; 0 turns it off.
    no_capture_plies = 120,
  },

  ai = {
    -- eval_correction (boolean, default false): the search learns, per
    -- structure of generals, defenders and soldiers, how far its searches
    -- found the static evaluation off and corrects it by that.  Off by
    -- default: it won in self-play but lost against Fairy-Stockfish at 1 s
    -- a move (docs/engine.md).
    eval_correction = false,
  },

  -- Evaluation for the engine, in centi-units (a horse is about 270).
  eval = {
    -- advisor (integer 0..10000, default 120): material value of an advisor.
    advisor = 120,
    -- elephant (integer 0..10000, default 120): material value of an elephant.
    elephant = 120,
    -- horse (integer 0..10000, default 270): material value of a horse.
    horse = 270,
    -- chariot (integer 0..10000, default 600): material value of a chariot.
    chariot = 600,
    -- cannon (integer 0..10000, default 285): material value of a cannon.
    cannon = 285,
    -- soldier (integer 0..10000, default 30): material value of a soldier
    -- that has not crossed the river.
    soldier = 30,
    -- soldier_crossed (integer 0..10000, default 60): extra value of a
    -- soldier that has crossed the river.
    soldier_crossed = 60,
    -- pst (integer 0..1000, default 100): weight of the piece placement
    -- tables in percent (0 = material only).
    pst = 100,
    -- tempo (integer 0..1000, default 10): bonus for the side to move.
    tempo = 10,
  },
}
