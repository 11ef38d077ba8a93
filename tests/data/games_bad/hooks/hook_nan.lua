-- error: :9: evaluate returned nan: a score must be a number within ±28999
-- run: analyze hook_nan --depth 1
return {
  name = "hook_nan",
  board = { width = 3, height = 1 },
  sides = { "a", "b" },
  pieces = { A = "", b = "" },
  moves = function(pos) pos:add_empty() end,
  evaluate = function(pos)
    return 0 / 0
  end,
  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and "A" or "b") end,
}
