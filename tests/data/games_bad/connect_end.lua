-- error: :9: rules.connect: 'south' is neither a region of board.regions nor a rectangle like "a1-k1"
return {
  name = "bad_connect_end",
  board = { width = 3, height = 3, kind = "cells", diagonals = "hex" },
  sides = { "red", "blue" },
  pieces = { X = "", o = "" },
  rules = {
    place = "empty",
    connect = { { "south", "a3-c3" }, { "a1-a3", "c1-c3" } },
  },
}
