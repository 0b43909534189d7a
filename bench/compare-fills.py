#!/usr/bin/env python3
"""Side-by-side table of two run-corpus result files (.tsv): xwdb and qxw.

usage: compare-fills.py XWDB.tsv QXW.tsv TIMEOUT

For each grid: each filler's outcome (solved / unsat / timeout, by majority
over its runs) and median seconds, and the ratio qxw / xwdb; then totals:
grids solved or proven impossible by each, and the medians over all runs.
An unfinished run counts as TIMEOUT seconds.
"""
import statistics
import sys
from collections import defaultdict


def load(path, timeout):
    runs = defaultdict(list)
    with open(path) as f:
        next(f)
        for line in f:
            grid, _dict, _seed, status, seconds, *_ = line.rstrip("\n").split("\t")
            t = float(seconds) if status in ("solved", "unsat") else float(timeout)
            runs[grid.rsplit("/", 1)[-1]].append((status, t))
    return runs


def summary(runs):
    statuses = [s for s, _ in runs]
    best = max(set(statuses), key=statuses.count)
    return best, statuses.count(best), len(statuses), statistics.median(t for _, t in runs)


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    timeout = float(sys.argv[3])
    xwdb, qxw = load(sys.argv[1], timeout), load(sys.argv[2], timeout)
    print("| grid | xwdb | xwdb median s | qxw | qxw median s | qxw / xwdb |")
    print("|---|---|---:|---|---:|---:|")
    done = {"xwdb": 0, "qxw": 0}
    all_x, all_q = [], []
    for grid in sorted(set(xwdb) | set(qxw)):
        row = [grid]
        medians = []
        for name, runs in (("xwdb", xwdb), ("qxw", qxw)):
            if grid not in runs:
                row += ["-", "-"]
                medians.append(None)
                continue
            status, n, total, med = summary(runs[grid])
            done[name] += status in ("solved", "unsat")
            row += [f"{status} {n}/{total}", f"{med:.2f}"]
            medians.append(med)
            (all_x if name == "xwdb" else all_q).extend(t for _, t in runs[grid])
        ratio = f"{medians[1] / medians[0]:.1f}x" if None not in medians and medians[0] > 0 else "-"
        print("| " + " | ".join(row + [ratio]) + " |")
    print()
    print(f"grids solved or proven impossible: xwdb {done['xwdb']}/{len(xwdb)}, qxw {done['qxw']}/{len(qxw)}")
    if all_x and all_q:
        mx, mq = statistics.median(all_x), statistics.median(all_q)
        print(f"median seconds over all runs: xwdb {mx:.2f}, qxw {mq:.2f} (qxw / xwdb = {mq / mx:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
