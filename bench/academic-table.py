#!/usr/bin/env python3
"""One table of fill engines over the same grids: per grid, each engine's
status and CPU seconds (from run-corpus .tsv files), then how many grids
each settled (solved, or proven impossible) and how their verdicts compare.
With several seeds per grid, each cell is the median run.

usage: academic-table.py NAME=RESULTS.tsv [NAME=RESULTS.tsv ...]

A grid one engine proves impossible and another fills is a disagreement,
printed at the end (one of them is wrong: every fill was checked by the
bench's verify, so it is the "impossible"). Exit status 1 if there is one.
"""
import sys
from collections import OrderedDict


SETTLED = ("solved", "unsat")


def load(path):
    """Per grid, the median run over its seeds (an unsettled run counts as
    slower than any settled one): its status and CPU seconds."""
    runs = OrderedDict()
    with open(path) as f:
        next(f)
        for line in f:
            grid, _dict, _seed, status, seconds, *_ = line.rstrip("\n").split("\t")
            runs.setdefault(grid.rsplit("/", 1)[-1].removesuffix(".txt"), []).append((status, float(seconds)))
    rows = OrderedDict()
    for grid, r in runs.items():
        r.sort(key=lambda run: (run[0] not in SETTLED, run[1]))
        rows[grid] = r[(len(r) - 1) // 2]
    return rows


def main(argv):
    engines = []
    for arg in argv[1:]:
        name, _, path = arg.partition("=")
        engines.append((name, load(path)))
    if not engines:
        print(__doc__, file=sys.stderr)
        return 2
    grids = list(OrderedDict.fromkeys(g for _, rows in engines for g in rows))
    print("| grid | " + " | ".join(name for name, _ in engines) + " |")
    print("|---|" + "---|" * len(engines))
    disagreements = []
    for g in grids:
        cells = []
        verdicts = {}
        for name, rows in engines:
            status, seconds = rows.get(g, ("-", 0.0))
            cells.append(f"{status} {seconds:.2f}" if status != "-" else "-")
            if status in ("solved", "unsat"):
                verdicts[name] = status
        if len(set(verdicts.values())) > 1:
            disagreements.append(f"{g}: " + ", ".join(f"{n} {v}" for n, v in verdicts.items()))
        print(f"| {g} | " + " | ".join(cells) + " |")
    print()
    for name, rows in engines:
        solved = sum(1 for s, _ in rows.values() if s == "solved")
        unsat = sum(1 for s, _ in rows.values() if s == "unsat")
        cpu = sum(t for _, t in rows.values())
        print(f"{name}: {solved + unsat} of {len(rows)} settled ({solved} filled, {unsat} proven impossible), "
              f"{cpu:.0f} s of CPU in all")
    # Impossible verdicts confirmed by a second engine.
    names = [n for n, _ in engines]
    for name, rows in engines:
        mine = [g for g, (s, _) in rows.items() if s == "unsat"]
        others = {g: [n for n, r in engines if n != name and r.get(g, ("-",))[0] == "unsat"] for g in mine}
        alone = [g for g, o in others.items() if not o]
        print(f"{name}: impossible {len(mine)}, confirmed by another engine {len(mine) - len(alone)}"
              + (f"; by {name} alone: {', '.join(alone)}" if alone else ""))
    if disagreements:
        print("\nDISAGREEMENTS:\n" + "\n".join(disagreements))
        return 1
    print("\nno disagreement between " + ", ".join(names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
