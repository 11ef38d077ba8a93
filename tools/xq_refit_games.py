#!/usr/bin/env python3
"""xq_refit_games.py — the master games and positions an evaluation fit may read.

    tools/xq_refit_games.py games GAMES.tsv --heldout tools/openings/heldout.txt
        --out TUNE.pgn [--lines-out HELDOUT_LINES.pgn]
    tools/xq_refit_games.py filter --drop HELDOUT_POS.txt [--seen FILE]... --out OUT FILE...
    tools/xq_refit_games.py shuffle [--seed S] --out OUT FILE...

games: GAMES.tsv is the file tools/openings/make_book.py read (id, event,
Red, Black, moves as coordinates).  Every game with an even id is left
out: the held-out set's games (the ids in heldout.txt's header, checked
to be even) and the even-id games make_book.py dropped, whose openings
may be the held-out ones.  The others are written as PGN for `texel pgn`;
their result is unknown, so each says "1/2-1/2" for `texel label` to
replace with an engine's score.  --lines-out writes heldout.txt's lines
as PGN too, for `texel pgn --skip 0` to list the quiet positions they
reach.

filter: copies the `FEN ; R` lines of the FILEs to OUT, leaving out a
position (board and side to move) listed in --drop (a tuning game may
transpose into a held-out line), one already written, or one listed in
a --seen file (another part of the data).

shuffle: the lines of the FILEs in an order fixed by --seed, so that
xq_fit's holdout (the file's last lines) is a random sample of them all.
"""
import argparse
import random
import sys


def heldout_ids(path):
    ids = set()
    with open(path, encoding="utf-8") as f:
        for row in f:
            w = row.split()
            if w[:2] == ["#", "games"] and all(x.isdigit() for x in w[2:]):
                ids.update(int(x) for x in w[2:])
    return ids


def heldout_lines(path):
    with open(path, encoding="utf-8") as f:
        for row in f:
            mv = row.split("#")[0].split()
            if mv:
                yield mv


def write_game(f, gid, moves):
    f.write('[Event "game %d"]\n[Result "1/2-1/2"]\n\n' % gid)
    for i in range(0, len(moves), 2):
        f.write("%d. %s\n" % (i // 2 + 1, " ".join(moves[i:i + 2])))
    f.write("1/2-1/2\n\n")


def games(a):
    held = heldout_ids(a.heldout)
    if not held or any(g % 2 for g in held):
        sys.exit("xq_refit_games: %s: no game ids, or an odd one, in its header" % a.heldout)
    kept = left = 0
    with open(a.games, encoding="utf-8") as f, open(a.out, "w", encoding="utf-8") as out:
        for row in f:
            cols = row.rstrip("\n").split("\t")
            if len(cols) < 5 or not cols[0].isdigit():
                continue
            gid = int(cols[0])
            if gid % 2 == 0:
                left += 1
                continue
            write_game(out, gid, cols[4].split())
            kept += 1
    print("games: %d kept, %d left out (even ids; %d of them held out)" % (kept, left, len(held)),
          file=sys.stderr)
    if a.lines_out:
        with open(a.lines_out, "w", encoding="utf-8") as out:
            for i, mv in enumerate(heldout_lines(a.heldout)):
                write_game(out, i + 1, mv)


def key(line):
    """A position's board and side to move: the FEN's first two fields."""
    return " ".join(line.split(";")[0].split("\t")[0].split()[:2])


def keys(path):
    with open(path, encoding="utf-8") as f:
        return {key(row) for row in f if row.strip()}


def filter_(a):
    drop = keys(a.drop)
    seen = set()
    for p in a.seen or []:
        seen |= keys(p)
    kept = held = dup = 0
    with open(a.out, "w", encoding="utf-8") as out:
        for path in a.files:
            with open(path, encoding="utf-8") as f:
                for row in f:
                    k = key(row)
                    if not row.strip():
                        continue
                    if k in drop:
                        held += 1
                    elif k in seen:
                        dup += 1
                    else:
                        seen.add(k)
                        out.write(row)
                        kept += 1
    print("filter: %d kept, %d on held-out lines, %d seen before" % (kept, held, dup),
          file=sys.stderr)


def shuffle(a):
    rows = []
    for path in a.files:
        with open(path, encoding="utf-8") as f:
            rows += [r for r in f if r.strip()]
    random.Random(a.seed).shuffle(rows)
    with open(a.out, "w", encoding="utf-8") as out:
        out.writelines(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games")
    g.add_argument("games")
    g.add_argument("--heldout", required=True)
    g.add_argument("--out", required=True)
    g.add_argument("--lines-out")
    f = sub.add_parser("filter")
    f.add_argument("files", nargs="+")
    f.add_argument("--drop", required=True)
    f.add_argument("--seen", action="append")
    f.add_argument("--out", required=True)
    s = sub.add_parser("shuffle")
    s.add_argument("files", nargs="+")
    s.add_argument("--seed", type=int, default=46)
    s.add_argument("--out", required=True)
    a = ap.parse_args()
    {"games": games, "filter": filter_, "shuffle": shuffle}[a.cmd](a)


if __name__ == "__main__":
    main()
