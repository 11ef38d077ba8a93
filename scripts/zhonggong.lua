-- zhonggong.lua — default configuration of the "zhonggong" ruleset
-- (中宫象棋, Zhonggong Xiangqi).  Every key the ruleset reads is listed here
-- once, with its type and default; the values below ARE the defaults.  To
-- play a variant, copy this file, change a value ("change this to ...") and
-- start qipan with --config yourfile.lua.  Keys you delete keep their
-- defaults; a misspelt key is an error that names the key and the line.
--
-- Rules in brief: 9×9 board, one palace shared by both generals in the
-- centre; advisors and elephants move anywhere; a general must keep a free
-- point next to it (a liberty); capturing a general is allowed only when it
-- cannot be taken back (a free capture); soldiers on the enemy back rank can
-- be exchanged for enemy pieces, and five of them there win.

return {
  ruleset = "zhonggong",

  -- palace (string, default "d4-f6"): the palace both generals live in, as
  -- two opposite corners.  Change this to "c3-g7" for a roomier palace.
  palace = "d4-f6",

  -- setup (string, default "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1"):
  -- the start position as FEN, ranks 9 down to 1, letters K general,
  -- A advisor, B elephant, N horse, R chariot, C cannon, P soldier (upper
  -- case Red, lower case Black), then "w" (Red to move) or "b".  Change this
  -- to start from a problem position; at most the standard set per side.
  setup = "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1",

  -- flying_general (boolean, default false): change this to true for the
  -- standard Xiangqi rule: generals facing each other on an open file may
  -- capture each other along it (so that counts as an attack).
  flying_general = false,

  -- answered_general_capture (string, default "illegal"): what happens when
  -- a general is captured although the capturer can be taken back on that
  -- point.  "illegal": such a capture may not be played.  Change this to
  -- "loses" to allow it, the capturing side then loses at once.
  answered_general_capture = "illegal",

  -- liberties (boolean, default true): a move must leave your own general
  -- at least one empty point orthogonally next to it.  Change this to false
  -- to drop that rule (then only check matters).
  liberties = true,

  -- exchange (list of letters, default { "P", "C", "N", "R" }): what k of
  -- your soldiers standing on the enemy back rank buy, for k = 1, 2, 3, 4:
  -- one enemy soldier, cannon, horse or chariot.  Letters P C N R; a shorter
  -- list allows fewer sizes.  Change this to {} to play without exchanges.
  exchange = { "P", "C", "N", "R" },

  -- soldiers_to_win (integer 1..6, default 5): that many of your soldiers
  -- on the enemy back rank win the game.  Change this to 6 to switch the
  -- win off (a side has only five soldiers).
  soldiers_to_win = 5,

  draw = {
    -- repetitions (integer 0..100, default 3): the n-th occurrence of the
    -- same position with the same side to move is a draw; 0 turns it off.
    repetitions = 3,
    -- perpetual_check_loses (boolean, default true): in a repeated cycle,
    -- the side that gave check with every one of its moves (while the other
    -- did not) loses instead of drawing.
    perpetual_check_loses = true,
    -- no_capture_plies (integer 0..100000, default 120): that many plies
    -- in a row without a capture or exchange draw the game; 0 turns it off.
    no_capture_plies = 120,
  },

  -- How the computer judges positions, in centi-units (a soldier starts at
  -- about 100).  Raise a value to make the computer value that thing more.
  -- The defaults were tuned by self-play with tools/tune (SPSA, 1000
  -- iterations at depth 3); against the earlier hand-set weights they
  -- scored 74.5% (200 games, depth 4) and 79% (100 games, 50 ms a move).
  eval = {
    -- advisor (integer 0..5000, default 294): value of an advisor.
    advisor = 294,
    -- elephant (integer 0..5000, default 95): value of an elephant.
    elephant = 95,
    -- horse (integer 0..5000, default 374): value of a horse.
    horse = 374,
    -- chariot (integer 0..5000, default 1077): value of a chariot.
    chariot = 1077,
    -- cannon (integer 0..5000, default 325): value of a cannon.
    cannon = 325,
    -- soldier (integer 0..5000, default 130): value of a soldier.
    soldier = 130,
    -- soldier_advance (integer 0..500, default 11): extra per rank a soldier
    -- has advanced from its start rank.
    soldier_advance = 11,
    -- bottom_soldier (integer 0..2000, default 105): extra for a soldier on
    -- the enemy back rank (it can be exchanged and counts toward five).
    bottom_soldier = 105,
    -- five_threat (integer 0..5000, default 103): bonus when one more bottom
    -- soldier would win the game.
    five_threat = 103,
    -- center (integer 0..500, default 9): per step toward the centre for
    -- advisors, elephants and horses.
    center = 9,
    -- liberty (integer 0..1000, default 14): per empty point next to the
    -- general.
    liberty = 14,
    -- trapped (integer 0..5000, default 75): penalty for a general with no
    -- liberty (it must be relieved at once).
    trapped = 75,
    -- guard (integer 0..1000, default 19): per own piece on the eight points
    -- around the general.
    guard = 19,
    -- leash (integer 0..5000, default 0): penalty when the general is
    -- attacked (leashed or in check).
    leash = 0,
    -- mobility (integer 0..100, default 5): per point a chariot or cannon
    -- can slide to, and per open leg of a horse (counted twice).
    mobility = 5,
    -- tempo (integer 0..500, default 2): bonus for the side to move.
    tempo = 2,
    -- attack (integer 0..500, default 12): per horse, chariot, cannon or
    -- soldier within two points (files and ranks) of the enemy general.
    attack = 12,
    -- liberty_attack (integer 0..1000, default 0): penalty per empty point
    -- next to the general that an enemy piece can move onto.
    liberty_attack = 0,
    -- trade (integer 0..500, default 0): a material lead counts up to this
    -- many percent more as the material comes off the board (so the side
    -- ahead trades down).
    trade = 0,
    -- soldier_late (integer 0..1000, default 0): extra per soldier, reached
    -- gradually as the material comes off.
    soldier_late = 0,
    -- attack_late (integer 0..500, default 0): extra per attacker near the
    -- enemy general (see attack), reached as the material comes off.
    attack_late = 0,
  },

  ai = {
    -- level (integer 1..10, default 5): computer strength, 1 weakest,
    -- 10 full strength.  Change this to 8 for a harder opponent.
    level = 5,
    -- levels (table of name = level, default { easy = 2, medium = 5,
    -- hard = 8, master = 10 }): the named levels menus and --level offer.
    levels = { easy = 2, medium = 5, hard = 8, master = 10 },
    -- hash_mb (integer 1..4096, default 64): memory for the computer's
    -- position table, in MiB.
    hash_mb = 64,
    -- threads (integer 1..64, default 1): search threads sharing the
    -- position table; 1 gives the same move every time.
    threads = 1,
    -- movetime_ms (integer 10..3600000, default 1000): thinking time per
    -- move at full strength, in milliseconds.
    movetime_ms = 1000,
    -- contempt (integer -1000..1000, default 25): how much worse than an
    -- even position a draw counts for the side the computer plays, so it
    -- plays on when a little ahead.  0 makes a draw worth exactly even.
    contempt = 25,
  },
}
