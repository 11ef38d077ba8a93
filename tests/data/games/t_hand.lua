-- t_hand.lua — a test game for pieces in hand (tests/unit/test_blocks.c):
-- White has two men in hand, Black one; men step once placed.  With
-- first = false a side may move a man while it still holds others.

return {
  name = "t_hand",
  title = "blocks test: hands",
  params = {
    { key = "first", type = "bool", default = true, doc = "place every man before moving" },
  },
  board = { width = 3, height = 3, kind = "points", diagonals = "none" },
  sides = { "white", "black" },
  pieces = { X = "", o = "" },
  rules = function(params)
    return {
      place = { on = "empty", hand = { 2, 1 }, first = params.first },
      move = "step",
      stuck = { result = "loses", reason = "walled in" },
    }
  end,
}
