-- error: :8: moves the 'moves' hook adds need a 'play' function
return {
  name = "bad_hook_no_play",
  board = { width = 3, height = 3, kind = "cells" },
  sides = { "x", "o" },
  pieces = { X = "", o = "" },
  rules = { place = "empty" },
  moves = function(pos) end,
}
