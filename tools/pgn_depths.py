#!/usr/bin/env python3
"""pgn_depths.py — how deep and how long each player of a match thought.

    tools/pgn_depths.py GAMES.pgn [--from PLY] [--to PLY]

Reads the move comments `match --pgn` writes ({+0.35/14 0.998s}: score,
depth, time) and prints, per player, the moves counted, the mean and
median depth and the mean time a move, over the plies FROM..TO of each
game (all by default; e.g. --from 20 --to 80 for the middlegame, where
endgames' deep searches do not lift the mean).  Depths of moves scored
as a mate are left out of the depth figures (an engine that has found a
mate reports its search's depth cap, e.g. 245): `mates` counts them.
"""
import argparse
import re
import statistics
import sys

import pgn_notes

NOTE = re.compile(r"\s*([+-]?[\d.]+|[+-]?M\d+)/(\d+)\s+([\d.]+)s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--from", dest="lo", type=int, default=1)
    ap.add_argument("--to", dest="hi", type=int, default=10**9)
    a = ap.parse_args()
    seen = {}
    for tags, body in pgn_notes.games(a.pgn):
        if "White" not in tags or "Black" not in tags or body is None:
            sys.exit("%s: a game without White, Black or moves" % a.pgn)
        players = (tags["Black"], tags["White"])   # by ply parity: odd plies are White's
        for ply, note in pgn_notes.notes(body):
            if a.lo <= ply <= a.hi:
                m = NOTE.match(note)
                if m:
                    s = seen.setdefault(players[ply % 2], {"n": 0, "depths": [], "time": 0.0})
                    s["n"] += 1
                    s["time"] += float(m.group(3))
                    if "M" not in m.group(1):
                        s["depths"].append(int(m.group(2)))
    for who, s in sorted(seen.items()):
        d = s["depths"]
        mean = statistics.mean(d) if d else 0.0
        median = statistics.median(d) if d else 0.0
        print("%-20s moves %6d  mean depth %5.1f  median %5.1f  mates %4d  mean time %.3f s"
              % (who, s["n"], mean, median, s["n"] - len(d), s["time"] / s["n"]))


if __name__ == "__main__":
    main()
