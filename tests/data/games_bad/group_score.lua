-- error: :9: rules.score scores the end after passes: it needs rules.pass
return {
  name = "bad_group_score",
  board = { width = 5, height = 5, kind = "points" },
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = {
    place = { on = "empty", capture = "surround" },
    score = "area",
  },
}
