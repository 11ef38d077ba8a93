#!/bin/sh
# xboard_games.sh — plays games between two engines in the real XBoard
# (Debian's xboard) and checks what XBoard recorded: every game ended by
# the rules or XBoard's adjudication, none by a forfeit (an illegal move, a
# false claim, a crash, a loss on time).
#
#   sh tools/xboard_games.sh [-n GAMES] [-tc MIN:SEC] [-inc SEC] [-depth N]
#                            [-draw-moves N] [-variant V] [-o DIR] FIRST [SECOND]
#
# FIRST and SECOND are engine command lines speaking the XBoard protocol
# (SECOND defaults to FIRST), e.g. "build/qipan xboard" and
# /usr/games/fairy-stockfish.  The match has GAMES games (2) with colours
# alternating, each side with -tc (default 0:10) plus -inc seconds (0.1)
# a game, or -depth N plies a move; -draw-moves N has XBoard call a draw
# after N moves (0: never).  Without a display, XBoard runs on an Xvfb of
# its own.  DIR (default: a new temporary folder) gets games.pgn and
# xboard.debug (all engine traffic).  Prints one line per game and a
# summary; exits 0 when no game ended by a forfeit, 1 when one did, 2 when
# XBoard or Xvfb is missing or the match did not run.
set -eu
games=2 tc=0:10 inc=0.1 depth= draw=0 variant=xiangqi out=
while [ $# -gt 0 ]; do
    case $1 in
    -n) games=$2; shift 2 ;;
    -tc) tc=$2; shift 2 ;;
    -inc) inc=$2; shift 2 ;;
    -depth) depth=$2; shift 2 ;;
    -draw-moves) draw=$2; shift 2 ;;
    -variant) variant=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -*) echo "xboard_games: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: sh tools/xboard_games.sh [options] FIRST [SECOND]" >&2; exit 2; }
first=$1 second=${2:-$1}
xboard=$(command -v xboard || echo /usr/games/xboard)
[ -x "$xboard" ] || { echo "xboard_games: xboard is not installed (apt-get install xboard)" >&2; exit 2; }
[ -n "$out" ] || out=$(mktemp -d /tmp/xboard_games.XXXXXX)
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/games.pgn" "$out/xboard.debug"

xvfb_pid=
cleanup() { [ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null || true; }
trap cleanup EXIT INT TERM
if [ -z "${DISPLAY:-}" ]; then
    command -v Xvfb >/dev/null || { echo "xboard_games: no display and no Xvfb (apt-get install xvfb)" >&2; exit 2; }
    # Xvfb picks a free display number and writes it to fd 3
    Xvfb -displayfd 3 -nolisten tcp -screen 0 1024x768x24 3>"$out/display" >/dev/null 2>&1 &
    xvfb_pid=$!
    i=0
    while [ ! -s "$out/display" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$out/display" ] || { echo "xboard_games: Xvfb did not start" >&2; exit 2; }
    DISPLAY=:$(cat "$out/display")
    export DISPLAY
fi

limit="-tc $tc -inc $inc"
[ -z "$depth" ] || limit="-tc 60 -inc 0 -depth $depth"
# HOME: XBoard's settings file goes there, not into the user's
# shellcheck disable=SC2086 # $limit is a list of options
HOME=$out timeout 1800 "$xboard" -noGUI -variant "$variant" -fcp "$first" -scp "$second" \
    -fd "$out" -sd "$out" -mg "$games" $limit -adjudicateDrawMoves "$draw" \
    -sgf "$out/games.pgn" -debug -nameOfDebugFile "$out/xboard.debug" \
    -saveSettingsOnExit false -xexit -popupMoveErrors false >"$out/xboard.out" 2>&1 || {
    echo "xboard_games: xboard failed (exit $?); see $out/xboard.out" >&2
    exit 2
}

# One line per game: White - Black: result {XBoard's reason}
awk '
    /^\[White / { w = $0; sub(/^\[White "/, "", w); sub(/"\]$/, "", w) }
    /^\[Black / { b = $0; sub(/^\[Black "/, "", b); sub(/"\]$/, "", b) }
    /^\[Result / { r = $0; sub(/^\[Result "/, "", r); sub(/"\]$/, "", r) }
    { if (match($0, /\{[^}]*\} *(1-0|0-1|1\/2-1\/2|\*) *$/)) { why = substr($0, RSTART, RLENGTH); sub(/\} .*/, "}", why) } }
    /(1-0|0-1|1\/2-1\/2|\*) *$/ && !/^\[/ { n++; printf "game %d: %s - %s: %s %s\n", n, w, b, r, why; why = "" }
' "$out/games.pgn" | tee "$out/summary.txt"
played=$(grep -c '^game ' "$out/summary.txt" || true)
bad=$(grep -i -c -E 'forfeit|illegal|invalid|false|on time|crash|disconnect|exited|timeout' "$out/summary.txt" || true)
moves=$(grep -c -E '(>first |>second): (usermove )?[a-i][0-9][a-i][0-9]' "$out/xboard.debug" || true)
echo "games $played of $games, forfeits $bad, moves relayed $moves; files in $out"
[ "$played" -eq "$games" ] || exit 2
[ "$bad" -eq 0 ] || exit 1
