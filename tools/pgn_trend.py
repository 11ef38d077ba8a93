#!/usr/bin/env python3
"""pgn_trend.py — how both players of a match scored the games, ply by ply.

    tools/pgn_trend.py GAMES.pgn... [--player NAME] [--plies 14,20,26,32,40,50]

Reads the move comments `match --pgn` writes ({+0.35/14 0.998s}: the
mover's score in pawns) and prints, for each result of PLAYER's games
(lost, drawn, won), the mean and median of both players' last score up
to two plies past each ply mark (and not before two plies short of it),
both turned to PLAYER's view: where the games that were lost began to
slide, and whether PLAYER saw it when its opponent did.  Mate scores count as ±10 pawns, and every score
is capped there.  PLAYER is the name in the White or Black tag (default
qipan).
"""
import argparse
import re
import statistics
import sys

import pgn_notes

NOTE = re.compile(r"\s*([+-]?[\d.]+|[+-]?M\d+)/\d+")
CAP = 1000
RESULTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}


def score(text):
    """A comment's score in centi-units, mover's view, or None."""
    m = NOTE.match(text)
    if not m:
        return None
    s = m.group(1)
    if "M" in s:
        return -CAP if s.startswith("-") else CAP
    return max(-CAP, min(CAP, round(float(s) * 100)))


def games(path, player):
    """(PLAYER's result, {ply: PLAYER's score}, {ply: opponent's score})."""
    for tags, body in pgn_notes.games(path):
        if body is None or tags.get("Result") not in RESULTS:
            continue
        if player not in (tags.get("White"), tags.get("Black")):
            continue
        red = tags.get("White") == player
        result = RESULTS[tags["Result"]][0 if red else 1]
        mine, theirs = {}, {}
        for ply, note in pgn_notes.notes(body):
            v = score(note)
            if v is None or ply == 0:
                continue
            if (ply % 2 == 1) == red:
                mine[ply] = v
            else:
                theirs[ply] = -v
        yield result, mine, theirs


def near(scores, mark):
    """The last score at or before mark + 2 and not before mark - 2."""
    for p in range(mark + 2, mark - 3, -1):
        if p in scores:
            return scores[p]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--player", default="qipan")
    ap.add_argument("--plies", default="14,20,26,32,40,50")
    a = ap.parse_args()
    try:
        marks = [int(x) for x in a.plies.split(",")]
    except ValueError:
        sys.exit("--plies: a comma-separated list of plies, not '%s'" % a.plies)
    by_result = {}
    for path in a.pgn:
        for result, mine, theirs in games(path, a.player):
            by_result.setdefault(result, []).append((mine, theirs))
    if not by_result:
        sys.exit("no finished game of '%s' in %s" % (a.player, " ".join(a.pgn)))
    names = {0.0: "lost", 0.5: "drawn", 1.0: "won"}
    for result in sorted(by_result):
        rows = by_result[result]
        print("%s: %d games (scores from %s's view, centi-units)" % (names[result], len(rows), a.player))
        print("  %5s  %18s  %18s  %5s" % ("ply", "opponent mean/med", a.player + " mean/med", "games"))
        for mark in marks:
            opp = [v for _, t in rows for v in [near(t, mark)] if v is not None]
            own = [v for m, _ in rows for v in [near(m, mark)] if v is not None]
            if not opp or not own:
                continue
            print("  %5d  %+8.0f %+8.0f  %+8.0f %+8.0f  %5d"
                  % (mark, statistics.mean(opp), statistics.median(opp), statistics.mean(own),
                     statistics.median(own), len(opp)))


if __name__ == "__main__":
    main()
