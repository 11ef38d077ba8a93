-- t_custodian.lua — a test game for capture by enclosing
-- (tests/unit/test_game_capture.c): rooks slide orthogonally on 7×7 and
-- take by the classic custodian pattern (Hasami Shogi: an enemy piece
-- between the moved piece and another own piece), or by the params'.
-- With frame = true the board has more than 64 points, and the capture
-- walks the lines instead of using bitboards: both must agree.

return {
  name = "t_custodian",
  title = "blocks test: custodian capture",
  params = {
    { key = "pattern", type = "string", default = "XoX", doc = "the capture pattern" },
    { key = "pattern2", type = "string", default = "", doc = "a second pattern, or empty" },
    { key = "whole", type = "bool", default = false, doc = "a pattern spans its whole line" },
    { key = "dirs", type = "string", default = "orthogonal", doc = "lines, orthogonal or diagonal" },
    { key = "frame", type = "bool", default = false,
      doc = "the same 7x7 board inside a 9x9 grid whose rim is holes (more than 64 points)" },
  },
  board = function(params)
    if not params.frame then return { width = 7, height = 7, kind = "points", diagonals = "all" } end
    local shape = { "........." }
    for _ = 1, 7 do shape[#shape + 1] = ".xxxxxxx." end
    shape[#shape + 1] = "........."
    return { width = 9, height = 9, kind = "points", diagonals = "all", shape = shape }
  end,
  sides = { "white", "black" },
  pieces = { R = "", r = "" },
  rules = function(params)
    local pat = params.pattern
    if params.pattern2 ~= "" then pat = { params.pattern, params.pattern2 } end
    return {
      start = params.frame and "9/1rrrrrrr1/9/9/9/9/9/1RRRRRRR1/9" or "rrrrrrr/7/7/7/7/7/RRRRRRR",
      move = { "slide", directions = "orthogonal" },
      capture = { "custodian", pattern = pat, whole_line = params.whole, directions = params.dirs },
      fewer = { count = 1, reason = "all taken" },
    }
  end,
}
