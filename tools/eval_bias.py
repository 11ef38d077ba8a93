#!/usr/bin/env python3
"""eval_bias.py — where qipan's judgement of positions parts from a reference's.

    tools/eval_bias.py LABELS [--ruleset xiangqi] [--qipan build/qipan] [--depth 1]
                       [--worst N]

LABELS has one position a line: a FEN, a tab, a score in centi-units from
the side to move's view ('#' lines are comments).  `texel pgn --scores
PLAYER GAMES.pgn` writes such lines from a match's PGN: the scores an
opponent gave the positions it moved in.  Each position is searched with
`qipan analyze RULESET --fen FEN --depth D` (depth 1: one ply and
quiescence), and the script prints how far qipan's score lies from the
reference's: the mean difference (qipan minus reference), the mean
distance, and both scores' means over bands of the reference's score;
--worst N lists the N positions where they differ most.

Positions from qipan's own games show the evaluation's blind spots: its
search steered into them because it liked them, so where a deeper
reference disagrees, qipan's score is too high for its own side (the
reference's band "ahead" shows a lower qipan score).  Positions qipan
scores as a mate are left out.
"""
import argparse
import statistics
import subprocess
import sys

BANDS = ((None, -300), (-300, -100), (-100, 100), (100, 300), (300, None))


def qipan_score(qipan, ruleset, fen, depth, where):
    r = subprocess.run([qipan, "analyze", ruleset, "--fen", fen, "--depth", str(depth)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("%s: %s" % (where, r.stderr.strip() or "qipan analyze failed"))
    score = None
    for line in r.stdout.splitlines():
        if line.startswith("info depth") and " score cp " in line:
            score = int(line.split(" score cp ")[1].split()[0])
    return score


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("labels")
    ap.add_argument("--ruleset", default="xiangqi")
    ap.add_argument("--qipan", default="build/qipan")
    ap.add_argument("--depth", type=int, default=1)
    ap.add_argument("--worst", type=int, default=0)
    a = ap.parse_args()
    rows = []
    with open(a.labels, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t")
            try:
                ref = int(parts[1])
            except (IndexError, ValueError):
                sys.exit("%s:%d: not 'FEN<tab>score': %s" % (a.labels, n, line))
            q = qipan_score(a.qipan, a.ruleset, parts[0], a.depth, "%s:%d" % (a.labels, n))
            if q is not None:
                rows.append((ref, q, parts[0]))
    if not rows:
        sys.exit("%s: no position scored" % a.labels)
    diff = [q - ref for ref, q, _ in rows]
    print("positions %d  mean (qipan - reference) %+.0f  mean distance %.0f"
          % (len(rows), statistics.mean(diff), statistics.mean(abs(d) for d in diff)))
    for lo, hi in BANDS:
        band = [(ref, q) for ref, q, _ in rows
                if (lo is None or ref >= lo) and (hi is None or ref < hi)]
        if band:
            name = "%s..%s" % ("" if lo is None else lo, "" if hi is None else hi)
            print("reference %-10s positions %5d  reference %+5.0f  qipan %+5.0f"
                  % (name, len(band), statistics.mean(r for r, _ in band),
                     statistics.mean(q for _, q in band)))
    for ref, q, fen in sorted(rows, key=lambda t: -abs(t[1] - t[0]))[:a.worst]:
        print("%+6d %+6d  %s" % (ref, q, fen))


if __name__ == "__main__":
    main()
