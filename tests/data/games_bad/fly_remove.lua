-- error: :9: rules.jump: a "flying jump" needs remove = "after"
return {
  name = "bad_fly_remove",
  board = { width = 6, height = 6, kind = "cells", squares = "dark" },
  sides = { "white", "black" },
  pieces = { K = "", k = "" },
  rules = {
    move = { "slide", "flying jump", directions = "diagonal" },
    jump = { chain = "full", forced = true },
  },
}
