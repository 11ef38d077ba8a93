return {
  name = "h", board = { width = 3, height = 1 }, sides = { "a", "b" }, pieces = { A = "", b = "" },
  moves = function(pos) xpcall(function() while true do end end, function() while true do end end) end,
  play = function(pos, m) end,
  evaluate = function(pos) return 0/0 end,
}
