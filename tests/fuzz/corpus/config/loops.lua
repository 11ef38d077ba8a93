local t = setmetatable({}, { __index = tostring, __len = function() return 1e15 end })
pcall(table.move, {}, 1, 1e15, 1)
pcall(table.remove, t, 1)
pcall(table.unpack, t)
local ok = pcall(function() local u = {} for i = 1, 1e9 do u[i] = i end end)
return { x = select(2, pcall(table.concat, t, "", 1, 1e15)) }
