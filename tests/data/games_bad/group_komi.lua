-- error: :9: rules.score.komi must be a number of half points (7.5, 6, 0), got 7.3
return {
  name = "bad_group_komi",
  board = { width = 5, height = 5, kind = "points" },
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = {
    place = { on = "empty", capture = "surround" },
    pass = true, score = { kind = "area", komi = 7.3 },
  },
}
