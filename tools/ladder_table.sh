#!/bin/sh
# ladder_table.sh — the engine against flat Monte Carlo at the same CPU
# time a move, game by game, with budgets that do not depend on the load;
# with --levels, each of the engine's levels against the one below.
#
#   tools/ladder_table.sh [--ms MS] [--games N] [--levels] [--ladder PATH] [GAME...]
#
# For each game (default: every two-player game qipan lists) it first
# plays 2 short games at fixed budgets (the engine at 20000 nodes or
# playouts, flat Monte Carlo at 1000 playouts) to read the CPU time each
# spends a move, scales both budgets to MS milliseconds of CPU a move
# (default 1000), then plays N games (default 10) at those budgets:
# one line per game as tools/ladder prints it, "W-D-L (score%) Elo E
# [lo, hi]" from the engine's side.  The budgets are counts, so a loaded
# machine changes the wall time, not the result.  --levels plays level L
# against level L-1 for L = 10 down to 2 instead, level L with the nodes
# of MS/2^(10-L), as the window times its levels (qp_level_time_ms; levels
# 1-9 also cap their depth and add noise), N games each.
set -eu
ms=1000
games=10
ladder=build/ladder
levels=0
while [ $# -gt 0 ]; do
    case "$1" in
    --ms) ms=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --ladder) ladder=$2; shift 2 ;;
    --levels) levels=1; shift ;;
    -h | --help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) echo "ladder_table: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
    esac
done
qipan=$(dirname "$ladder")/qipan
if [ $# -eq 0 ]; then
    # one-player puzzles and the example plugin are not laddered
    set -- $("$qipan" list | awk -F'\t' '{print $1}' | grep -v -x -e pegsolitaire -e nim -e reversi_hooks)
fi
cpu_ms() {   # the "CPU a move: A x ms, B y ms" of a ladder line: field $1 (A or B)
    sed -n "s/.*CPU a move: A \([0-9.]*\) ms, B \([0-9.]*\) ms.*/\\$1/p"
}
for game in "$@"; do
    line=$("$ladder" "$game" --level 10 --nodes 20000 --ref flat:1000 --games 2 --seed 99 | tail -n 1)
    a=$(echo "$line" | cpu_ms 1)
    b=$(echo "$line" | cpu_ms 2)
    nodes=$(awk -v a="$a" -v ms="$ms" 'BEGIN { n = a > 0 ? 20000 * ms / a : 20000; printf "%d", n < 100 ? 100 : n }')
    flat=$(awk -v b="$b" -v ms="$ms" 'BEGIN { n = b > 0 ? 1000 * ms / b : 1000; printf "%d", n < 100 ? 100 : n }')
    echo "# $game: $ms ms a move is $nodes engine nodes (calibrated at $a ms for 20000), $flat flat playouts ($b ms for 1000)"
    if [ "$levels" = 0 ]; then
        "$ladder" "$game" --level 10 --nodes "$nodes" --ref "flat:$flat" --games "$games" --seed 1 | tail -n 1
        continue
    fi
    at() { awk -v n="$nodes" -v l="$1" 'BEGIN { k = n / 2 ^ (10 - l); printf "%d", k < 1 ? 1 : k }'; }
    level=10
    while [ "$level" -ge 2 ]; do
        below=$((level - 1))
        "$ladder" "$game" --engine "level:$level:$(at $level)" --ref "level:$below:$(at $below)" \
            --games "$games" --seed 1 | tail -n 1
        level=$below
    done
done
