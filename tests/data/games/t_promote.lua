-- t_promote.lua — a test game for forward pieces, promotion and the
-- most-captures rule (tests/unit/test_blocks.c): men (M, m) step and jump
-- forward along every line of a 5×5 board, kings (K, k) every way; a man
-- promotes on c3 or on a far-rank corner; params choose whether promotion
-- ends a jump chain, whether a capture must take the most pieces, and
-- whether the men say so by their directions or by the older `forward`.

return {
  name = "t_promote",
  title = "blocks test: forward men, promotion, most captures",
  params = {
    { key = "ends_chain", type = "bool", default = false, doc = "promotion ends a jump chain" },
    { key = "most", type = "bool", default = false, doc = "a capture must take the most pieces" },
    { key = "old", type = "bool", default = false, doc = "the men say forward = \"Mm\", the older spelling" },
  },
  board = { width = 5, height = 5, kind = "points" },
  sides = { "white", "black" },
  pieces = { M = "", K = "", m = "", k = "" },
  rules = function(params)
    local men = { "step", "jump", directions = { "forward", "forward-diagonals" } }
    return {
      start = "mmmmm/5/5/5/MMMMM",
      move = params.old
        and { M = { "step", "jump" }, m = { "step", "jump" }, K = { "step", "jump" }, k = { "step", "jump" },
              forward = { "M", "m" } }
        or { M = men, m = men, K = { "step", "jump" }, k = { "step", "jump" } },
      jump = { chain = "full", most = params.most },
      promote = { M = "K", m = "k", at = { "c3", "a5", "e1" }, ends_chain = params.ends_chain },
      resets_no_capture = { "M", "m" },
    }
  end,
}
