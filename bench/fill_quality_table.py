"""Reads what bench/fill-quality.sh writes (each fill's JSON, then a line
"@@ RULES GRID") and prints one row per fill and the totals per rules."""
import json
import sys


def main():
    text, totals = "", {}
    print(f"{'rules':8} {'grid':34} {'outcome':10} {'entries':>7} {'flagged':>7} {'unclued':>7} "
          f"{'mean':>6} {'lowest':>6}")
    for line in sys.stdin:
        if not line.startswith("@@ "):
            text += line
            continue
        _, rules, grid = line.split(maxsplit=2)
        grid = grid.strip().rsplit("/", 1)[-1]
        try:
            fill = json.loads(text)
        except ValueError:
            fill = {}
        text = ""
        t = totals.setdefault(rules, {"grids": 0, "filled": 0, "entries": 0, "flagged": 0, "unclued": 0,
                                      "lowest": 100, "means": []})
        t["grids"] += 1
        fills = fill.get("fills") or []
        if not fills:
            print(f"{rules:8} {grid:34} {fill.get('outcome', 'error'):10}")
            continue
        slots = [s for s in fills[0]["slots"] if s.get("word")]
        flagged = sum(1 for s in slots if s.get("flags"))
        unclued = sum(1 for s in slots if not s.get("clue"))
        t["filled"] += 1
        t["entries"] += len(slots)
        t["flagged"] += flagged
        t["unclued"] += unclued
        t["lowest"] = min(t["lowest"], fills[0]["min_score"])
        t["means"].append(fills[0]["mean_score"])
        print(f"{rules:8} {grid:34} {'filled':10} {len(slots):7} {flagged:7} {unclued:7} "
              f"{fills[0]['mean_score']:6.1f} {fills[0]['min_score']:6}")
    for rules, t in totals.items():
        mean = sum(t["means"]) / len(t["means"]) if t["means"] else 0
        print(f"{rules}: {t['filled']} of {t['grids']} grids filled; {t['entries']} entries, {t['flagged']} flagged, "
              f"{t['unclued']} without a clue; mean score {mean:.1f}, lowest {t['lowest']}")


if __name__ == "__main__":
    main()
