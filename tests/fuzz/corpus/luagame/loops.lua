return {
  name = "l", board = { width = 3, height = 3, diagonals = { { "a1", "b2" } } }, sides = { "a", "b" },
  pieces = { A = "", b = "" },
  moves = function(pos)
    local t = setmetatable({}, { __index = tostring, __len = function() return 1e15 end })
    pcall(table.move, {}, 1, 1e15, 1)
    pcall(table.insert, t, 1, 1)
    pcall(table.concat, t, "", 1, 1e15)
    pcall(tostring, setmetatable({}, { __tostring = tostring }))
    pos:add_empty()
  end,
  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and "A" or "b") end,
  evaluate = function(pos) return -math.huge end,
}
