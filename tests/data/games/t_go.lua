-- t_go.lua — the Go blocks on any small board, with each option a param:
-- tests/unit/test_game_go.c compares it with its hook twin hk_go.lua and
-- plays positions too small for the shipped go.lua (9, 13, 19).
return {
  name = "t_go",
  title = "Go blocks (test)",
  params = {
    { key = "size", type = "int", default = 5, min = 2, max = 19, doc = "board size" },
    { key = "komi2", type = "int", default = 15, doc = "twice White's komi" },
    { key = "superko", type = "bool", default = true, doc = "positional superko" },
    { key = "suicide", type = "bool", default = false, doc = "suicide of a group is allowed" },
  },
  board = function(params) return { width = params.size, height = params.size, kind = "points" } end,
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = function(params)
    return {
      place = { on = "empty", capture = "surround", suicide = params.suicide },
      pass = { ends = 2 },
      score = { kind = "area", komi = params.komi2 / 2 },
      superko = params.superko,
    }
  end,
}
