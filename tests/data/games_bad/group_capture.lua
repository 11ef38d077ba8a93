-- error: :8: rules.place.capture must be "none" or "surround", got "enclose"
return {
  name = "bad_group_capture",
  board = { width = 5, height = 5, kind = "points" },
  sides = { "black", "white" },
  pieces = { X = "", o = "" },
  rules = {
    place = { on = "empty", capture = "enclose" },
  },
}
