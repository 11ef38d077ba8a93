-- t_fly.lua — a test game for captures taken when the chain ends
-- (tests/unit/test_blocks.c): on the dark squares of 8×8, men (M, m) step
-- forward and jump, kings (K, k) slide and fly; moves in coordinates.
-- Params choose whether a chain may stop early and whether men jump
-- backward.

return {
  name = "t_fly",
  title = "blocks test: flying kings, pieces taken at the chain's end",
  params = {
    { key = "chain", type = "string", default = "full", doc = "\"full\" or \"optional\"" },
    { key = "backward", type = "bool", default = false, doc = "men jump backward too" },
  },
  board = { width = 8, height = 8, kind = "cells", squares = "dark" },
  sides = { "white", "black" },
  pieces = { M = "", K = "", m = "", k = "" },
  rules = function(params)
    return {
      start = "1m1m1m1m/m1m1m1m1/8/8/8/8/1M1M1M1M/M1M1M1M1",
      move = { M = { "step", "jump" }, m = { "step", "jump" }, K = { "slide", "flying jump" },
               k = { "slide", "flying jump" }, directions = "diagonal", forward = "Mm" },
      jump = { chain = params.chain, forced = true, remove = "after", backward = params.backward and "Mm" or nil },
    }
  end,
}
