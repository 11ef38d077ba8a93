-- error: :9: rules.place: side 1 has several pieces (X, Y): say which it places in 'pieces'
-- issue 43: with the string form, a side with two pieces placed nothing
-- and the game started lost
return {
  name = "bad_place_several",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", Y = "", o = "" },
  rules = { place = "empty", line = 3 },
}
