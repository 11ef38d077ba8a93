-- hex.lua — Hex (Piet Hein 1942, John Nash 1948), declared as rule blocks.
--
-- The board is a rhombus of size × size hexagonal cells (11 × 11 by
-- default).  Cell (file, rank) touches six others: left and right on its
-- rank, the two above it at the same file and one file left, the two below
-- at the same file and one file right.  The board is drawn with each rank
-- shifted half a cell, a1 bottom left.
--
-- Red moves first and owns the bottom and top edges (ranks 1 and size);
-- Blue owns the left and right edges (files a and the last).  Each turn a
-- side puts one stone on any empty cell; stones never move.  The first
-- side whose stones form a chain of touching cells from one of its edges
-- to the other wins.  A full board always holds exactly one such chain,
-- so Hex has no draw.
--
-- The pie rule (param `swap`): after Red's first stone, Blue's first move
-- may be "swap": Blue takes that stone over instead of placing one.  The
-- stone becomes Blue's and, so that it serves Blue as it served Red, is
-- reflected across the a1 diagonal (the cell at file f, rank r moves to
-- file r, rank f: e3 becomes c5); then Red moves again.  The record holds
-- the move "swap".
--
-- Params:
--   size  int, default 11 (2..19): cells per edge
--   swap  bool, default false: the pie rule
--
-- Moves: the cell, "f6", or "swap".  FEN: X red, o blue, e.g. "11/…/11 w 0".
-- Perft 11×11 (no game ends before ply 21): 121, 14520, 1727880, i.e.
-- 121!/(121-d)!.

return {
  name = "hex",
  title = "Hex",
  help = "Place stones; Red joins the top and bottom edges, Blue the left and right. The first chain wins.",
  params = {
    { key = "size", type = "int", default = 11, min = 2, max = 19, doc = "cells per edge" },
    { key = "swap", type = "bool", default = false, doc = "the pie rule: Blue's first move may take over Red's first stone" },
  },
  board = function(p)
    local last = string.char(string.byte("a") + p.size - 1)
    local n = tostring(p.size)
    return {
      width = p.size, height = p.size, kind = "cells", diagonals = "hex",
      regions = {
        { name = "red-bottom", from = "a1", to = last .. "1" },
        { name = "red-top", from = "a" .. n, to = last .. n },
        { name = "blue-left", from = "a1", to = "a" .. n },
        { name = "blue-right", from = last .. "1", to = last .. n },
      },
    }
  end,
  sides = { "red", "blue" },
  pieces = { X = "", o = "" },
  rules = function(p)
    return {
      place = "empty",
      connect = { { "red-bottom", "red-top" }, { "blue-left", "blue-right" }, reason = "connected" },
      swap = p.swap,
      playout = { rave = true },   -- MCTS: a point is worth much the same whenever it is taken
    }
  end,
  ai = "mcts",   -- chosen by matches (docs/engine.md)
}
