-- t_flank_eval.lua — a test game for the flank games' evaluation terms
-- (tests/unit/test_blocks.c): reversi on a 4×4 board evaluated by one
-- term at a time, chosen by `term`, at weight 1 (the corner's diagonal
-- point at 10); `size = 9` has 81 points, more than a bitboard holds, so
-- the same terms are counted point by point.

return {
  name = "t_flank_eval",
  title = "blocks test: flank evaluation",
  params = {
    { key = "term", type = "string", default = "stable", doc = "stable, frontier or corner" },
    { key = "size", type = "int", default = 4, min = 4, max = 9, doc = "the board's side" },
  },
  board = function(params) return { width = params.size, height = params.size, kind = "cells" } end,
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = {
    place = "flank",
    stuck = "pass",
    count = { result = "most", reason = "more discs", draw_reason = "same discs" },
  },
  eval = function(params)
    if params.term == "frontier" then return { frontier = 1 } end
    if params.term == "corner" then return { empty_corner = { diagonal = -10, beside = -1 } } end
    return { stable = 1 }
  end,
}
