-- t_look.lua — a test game for how the window paints a board: a checkered
-- board of cells and two sides named by colours the window must tell apart
-- (blue and red: each side its own colour, neither drawn as the other).
return {
  name = "t_look",
  title = "Look test",
  board = { width = 4, height = 4, kind = "cells", look = "checkered" },
  sides = { "blue", "red" },
  pieces = { X = "", o = "" },
  rules = { start = "4/4/4/Xo2", move = "step" },
}
