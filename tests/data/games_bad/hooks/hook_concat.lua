-- error: :13: game took too long
-- run: perft hook_concat 2
return {
  name = "hook_concat",
  board = { width = 3, height = 1 },
  sides = { "a", "b" },
  pieces = { A = "", b = "" },
  moves = function(pos)
    if pos:ply() > 0 then
      -- each element is made by a C function: no instruction runs while
      -- table.concat loops, so only the clock can end it
      local t = setmetatable({}, { __index = tostring })
      while true do local s = table.concat(t, "", 1, 1000000) end
    end
    pos:add_empty()
  end,
  play = function(pos, m) pos:set(qp.to(m), pos:side() == 0 and "A" or "b") end,
}
