-- error: :8: rules.pass.ends must be between 0 and 100, got 101
return {
  name = "bad_group_pass",
  board = { width = 5, height = 5, kind = "points" },
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = {
    place = "empty", pass = { ends = 101 },
  },
}
