-- error: :6: 'board.diagonals' item 2: a1 and c3 are not diagonal neighbours
-- issue 43: a pair that is no diagonal step was dropped without a word
return {
  name = "bad_diagonals_far",
  board = { width = 3, height = 3,
    diagonals = { { "a1", "b2" }, { "a1", "c3" } } },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty", line = 3 },
}
