#!/usr/bin/env python3
"""gtp_referee.py — plays Go games between two GTP engines and scores them.

    tools/gtp_referee.py --a "build/qipan gtp --level 5" \
        --b "gnugo --mode gtp --level 1 --chinese-rules" --games 4 [--size 9] [--komi 7.5]
        [--scorer b] [--max-moves 300] [--sgf-dir DIR] [--cleanup]

Engine A takes black in the odd games and white in the even ones.  A game
ends after two passes in a row, a resignation or --max-moves moves (then
scored as it stands).  The score is the scorer engine's final_score
(default: B, so GNU Go with the command above, which removes the stones it
judges dead); A's own final_score (every stone alive) is shown beside it.  With
--cleanup, when the two disagree on the winner after two passes, both
engines play on with kgs-genmove_cleanup (capturing the stones they hold
dead) until two passes again, and the game is scored then.
Prints a line per game and A's wins-draws-losses; with --sgf-dir, writes
each game as SGF.  Any "?" answer to play or genmove ends the run with the
engine's message.
"""
import argparse
import os
import shlex
import subprocess
import sys
import time


class Engine:
    def __init__(self, cmd):
        self.cmd = cmd
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.cpu = 0.0

    def ask(self, line):
        """Sends one command; returns (ok, text) of its answer."""
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            got = self.p.stdout.readline()
            if not got:
                raise RuntimeError("%s: no answer to '%s'" % (self.cmd, line))
            got = got.rstrip("\r\n")
            if not got and lines:
                break
            if got or lines:
                lines.append(got)
        text = "\n".join(lines)
        return text[0] == "=", text[1:].strip()

    def must(self, line):
        ok, text = self.ask(line)
        if not ok:
            raise RuntimeError("%s: '%s' refused: %s" % (self.cmd, line, text))
        return text

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.wait(timeout=10)


def sgf_point(vertex, size):
    if vertex.lower() == "pass":
        return ""
    col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".index(vertex[0].upper())
    row = int(vertex[1:])
    return chr(ord("a") + col) + chr(ord("a") + size - row)


def play_moves(black, white, args, moves, turn, genmove):
    """Plays until two passes in a row, a resignation or the move cap.
    Returns (the colour that resigned or None, the side to move)."""
    passes = 0
    while len(moves) < args.max_moves:
        mover, other = (black, white) if turn == 0 else (white, black)
        colour = "b" if turn == 0 else "w"
        v = mover.must("%s %s" % (genmove, colour))
        if v.lower() == "resign":
            return colour, turn
        other.must("play %s %s" % (colour, v))
        moves.append((colour, v))
        passes = passes + 1 if v.lower() == "pass" else 0
        turn = 1 - turn
        if passes == 2:
            break
    return None, turn


def play_game(black, white, args):
    for e in (black, white):
        e.must("boardsize %d" % args.size)
        e.must("clear_board")
        e.must("komi %s" % args.komi)
    moves = []
    resigned, turn = play_moves(black, white, args, moves, 0, "genmove")
    return moves, resigned, turn


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="engine A's command")
    ap.add_argument("--b", required=True, help="engine B's command")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", default="7.5")
    ap.add_argument("--scorer", choices=["a", "b"], default="b")
    ap.add_argument("--max-moves", type=int, default=300)
    ap.add_argument("--sgf-dir")
    ap.add_argument("--cleanup", action="store_true",
                    help="when the scorer and A's all-alive count disagree after two passes, "
                         "both engines play on with kgs-genmove_cleanup until two passes")
    args = ap.parse_args()
    a, b = Engine(args.a), Engine(args.b)
    wins = draws = losses = 0
    try:
        for g in range(args.games):
            a_black = g % 2 == 0
            black, white = (a, b) if a_black else (b, a)
            t0 = time.time()
            moves, resigned, turn = play_game(black, white, args)
            cleanup = ""
            if not resigned:
                score = (a if args.scorer == "a" else b).must("final_score")
                own = a.must("final_score")
                if args.cleanup and score[:1] != own[:1]:
                    # the counts disagree on dead stones: both capture them
                    n = len(moves)
                    resigned, turn = play_moves(black, white, args, moves, turn, "kgs-genmove_cleanup")
                    cleanup = ", cleanup %d moves" % (len(moves) - n)
            if resigned:
                score = ("W" if resigned == "b" else "B") + "+R"
                own = "-"
            else:
                score = (a if args.scorer == "a" else b).must("final_score")
                own = a.must("final_score")
            winner = score[0] if score[0] in "BW" else None
            if winner is None:
                draws += 1
                verdict = "draw"
            elif (winner == "B") == a_black:
                wins += 1
                verdict = "A wins"
            else:
                losses += 1
                verdict = "A loses"
            print("game %d: A %s, %d moves%s, %s (scorer), %s (A's count), %s, %.0f s"
                  % (g + 1, "black" if a_black else "white", len(moves), cleanup, score, own, verdict,
                     time.time() - t0), flush=True)
            if args.sgf_dir:
                os.makedirs(args.sgf_dir, exist_ok=True)
                pb, pw = (args.a, args.b) if a_black else (args.b, args.a)
                body = "".join(";%s[%s]" % (c.upper(), sgf_point(v, args.size)) for c, v in moves)
                esc = lambda s: s.replace("\\", "\\\\").replace("]", "\\]")
                with open(os.path.join(args.sgf_dir, "game%d.sgf" % (g + 1)), "w") as f:
                    f.write("(;FF[4]GM[1]SZ[%d]KM[%s]PB[%s]PW[%s]RE[%s]\n%s)\n"
                            % (args.size, args.komi, esc(pb), esc(pw), score, body))
    except RuntimeError as e:
        print("gtp_referee: %s" % e, file=sys.stderr)
        return 1
    finally:
        a.close()
        b.close()
    print("A: %d-%d-%d (wins-draws-losses) in %d games" % (wins, draws, losses, wins + draws + losses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
