-- t_promote.lua — a test game for forward pieces, promotion and the
-- most-captures rule (tests/unit/test_blocks.c): men (M, m) step and jump
-- forward along every line of a 5×5 board, kings (K, k) every way; a man
-- promotes on c3 or on a far-rank corner; params choose whether promotion
-- ends a jump chain and whether a capture must take the most pieces.

return {
  name = "t_promote",
  title = "blocks test: forward men, promotion, most captures",
  params = {
    { key = "ends_chain", type = "bool", default = false, doc = "promotion ends a jump chain" },
    { key = "most", type = "bool", default = false, doc = "a capture must take the most pieces" },
  },
  board = { width = 5, height = 5, kind = "points" },
  sides = { "white", "black" },
  pieces = { M = "", K = "", m = "", k = "" },
  rules = function(params)
    return {
      start = "mmmmm/5/5/5/MMMMM",
      move = { M = { "step", "jump" }, m = { "step", "jump" }, K = { "step", "jump" }, k = { "step", "jump" },
               forward = { "M", "m" } },
      jump = { chain = "full", most = params.most },
      promote = { M = "K", m = "k", at = { "c3", "a5", "e1" }, ends_chain = params.ends_chain },
      resets_no_capture = { "M", "m" },
    }
  end,
}
