-- error: :11: C stack overflow
-- issue 43: C stack overflow raised inside a C function (tostring calling
-- itself through __tostring) in a hook said neither file nor line
return {
  name = "bad_loop_cstack",
  board = { width = 3, height = 1 },
  sides = { "a", "b" },
  pieces = { A = "", b = "" },
  moves = function(pos)
    local t = setmetatable({}, { __tostring = tostring })
    local s = tostring(t)
    pos:add_empty()
  end,
  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and "A" or "b") end,
}
