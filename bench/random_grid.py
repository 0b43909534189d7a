#!/usr/bin/env python3
"""Fresh American-style grids for reviews: rotationally symmetric, every
entry of 3 cells or more, every white cell in one piece, about the share of
blocks a daily's grid has. The same seed gives the same grid.

  bench/random_grid.py SIZE SEED [BLOCK_SHARE]   (prints the grid: '.' and '#')
"""
import random
import sys


def runs_ok(g):
    """Every across and down run of white cells is 3 or more long."""
    for line in g + [list(col) for col in zip(*g)]:
        run = 0
        for c in line + ["#"]:
            if c == ".":
                run += 1
            else:
                if 0 < run < 3:
                    return False
                run = 0
    return True


def connected(g, n):
    cells = [(r, c) for r in range(n) for c in range(n) if g[r][c] == "."]
    if not cells:
        return False
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        r, c = todo.pop()
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < n and 0 <= cc < n and g[rr][cc] == "." and (rr, cc) not in seen:
                seen.add((rr, cc))
                todo.append((rr, cc))
    return len(seen) == len(cells)


def long_runs(g, n, limit):
    """The inner cells of runs longer than `limit`, across then down."""

    def across(rows):
        cells = []
        for r, row in enumerate(rows):
            c = 0
            while c < n:
                e = c
                while e < n and row[e] == ".":
                    e += 1
                if e - c > limit:
                    cells += [(r, k) for k in range(c + 3, e - 3)]
                c = max(e, c + 1)
        return cells

    return across(g) + [(r, c) for c, r in across([list(col) for col in zip(*g)])]


def make(n, seed, share, limit=9):
    """Blocks first break runs longer than `limit` (a daily has few long
    entries), then fall at random until the share is reached."""
    rng = random.Random(seed)
    for _ in range(2000):
        g = [["."] * n for _ in range(n)]
        target = int(share * n * n)
        blocks = 0
        tries = 0
        while blocks < target and tries < 20 * n * n:
            tries += 1
            candidates = long_runs(g, n, limit) if tries < 10 * n * n else []
            if candidates:
                r, c = rng.choice(candidates)
            else:
                r, c = rng.randrange(n), rng.randrange(n)
            if g[r][c] == "#":
                continue
            pair = {(r, c), (n - 1 - r, n - 1 - c)}
            for rr, cc in pair:
                g[rr][cc] = "#"
            if runs_ok(g) and connected(g, n):
                blocks += len(pair)
            else:
                for rr, cc in pair:
                    g[rr][cc] = "."
        if blocks >= target and not long_runs(g, n, limit):
            return ["".join(row) for row in g]
    raise SystemExit(f"no {n}x{n} grid for seed {seed}")


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    n, seed = int(sys.argv[1]), int(sys.argv[2])
    share = float(sys.argv[3]) if len(sys.argv) > 3 else (0.16 if n >= 13 else 0.12)
    print("\n".join(make(n, seed, share)))


if __name__ == "__main__":
    main()
