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
  -- The defaults were fitted with tools/texel (Texel tuning on 346k quiet
  -- positions from 1550 self-play games and 348 match games, labelled
  -- with their results), starting from weights tuned by self-play with
  -- tools/tune (SPSA).  Two rounds of fitting scored 59.5% and then 64%
  -- against the weights before them (100 games each, 20000 nodes a move).
  eval = {
    -- advisor (integer 0..5000, default 334): value of an advisor.
    advisor = 334,
    -- elephant (integer 0..5000, default 69): value of an elephant.
    elephant = 69,
    -- horse (integer 0..5000, default 388): value of a horse.
    horse = 388,
    -- chariot (integer 0..5000, default 1285): value of a chariot.
    chariot = 1285,
    -- cannon (integer 0..5000, default 421): value of a cannon.
    cannon = 421,
    -- soldier (integer 0..5000, default 168): value of a soldier.
    soldier = 168,
    -- pst (integer 0..1000, default 100): weight of the placement table
    -- (where each kind of piece stands well, fitted with tools/zg_fit),
    -- percent; 0 leaves only the values above and the terms below.
    pst = 100,
    -- soldier_advance (integer 0..500, default 0): extra per rank a soldier
    -- has advanced from its start rank.
    soldier_advance = 0,
    -- bottom_soldier (integer 0..2000, default 0): extra for a soldier on
    -- the enemy back rank (it can be exchanged and counts toward five).
    bottom_soldier = 0,
    -- five_threat (integer 0..5000, default 103): bonus when one more bottom
    -- soldier would win the game.
    five_threat = 103,
    -- center (integer 0..500, default 19): per step toward the centre for
    -- advisors, elephants and horses.
    center = 19,
    -- liberty (integer 0..1000, default 0): per empty point next to the
    -- general.
    liberty = 0,
    -- trapped (integer 0..5000, default 11): penalty for a general with no
    -- liberty (it must be relieved at once).
    trapped = 11,
    -- guard (integer 0..1000, default 5): per own piece on the eight points
    -- around the general.
    guard = 5,
    -- leash (integer 0..5000, default 0): penalty when the general is
    -- attacked (leashed or in check).
    leash = 0,
    -- mobility (integer 0..100, default 0): per point a chariot or cannon
    -- can slide to, and per open leg of a horse (counted twice).
    mobility = 0,
    -- tempo (integer 0..500, default 0): bonus for the side to move.
    tempo = 0,
    -- attack (integer 0..500, default 33): per horse, chariot, cannon or
    -- soldier within two points (files and ranks) of the enemy general.
    attack = 33,
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
    -- attack_late (integer 0..500, default 8): extra per attacker near the
    -- enemy general (see attack), reached as the material comes off.
    attack_late = 8,
    -- line_attack (integer 0..500, default 0): per chariot or cannon on the
    -- enemy general's file or rank.
    line_attack = 0,
    -- horse_mobility (integer 0..100, default 20): extra per open leg of a
    -- horse (on top of mobility).
    horse_mobility = 20,
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
