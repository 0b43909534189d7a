"""Agreement of a scored list with a reference scored list (see score-agreement.sh).

Usage: score_agreement.py OURS.txt REFERENCE.txt   (both entry;score lines)
"""
import sys

# The default dictionary's figures before issue 28's scoring work
# (SCOWL level alone; WordNet-only lemmas at 40), with the same script.
BASELINE = {"spearman": 0.430, "precision": 0.792, "recall": 0.571}


def load(path):
    scores = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            entry, sep, score = line.strip().rpartition(";")
            if not sep:
                continue
            key = "".join(c for c in entry.upper() if "A" <= c <= "Z")
            try:
                value = int(score)
            except ValueError:
                continue
            if key:
                scores[key] = max(value, scores.get(key, value))
    return scores


def ranks(values):
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(ra)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5 if va and vb else 0.0


def figures(ours, reference, keep=lambda word: True):
    common = [w for w in ours if w in reference and keep(w)]
    good = [w for w in common if ours[w] >= 50]
    wanted = [w for w in reference if reference[w] >= 50 and keep(w)]
    return {
        "entries": len(common),
        "spearman": spearman([ours[w] for w in common], [reference[w] for w in common]) if common else 0.0,
        "precision": sum(reference[w] >= 50 for w in good) / len(good) if good else 0.0,
        "recall": sum(w in ours for w in wanted) / len(wanted) if wanted else 0.0,
    }


def main():
    ours, reference = load(sys.argv[1]), load(sys.argv[2])
    print(f"{len(ours)} entries against {len(reference)} of the reference")
    print(f"{'':14}{'both hold':>10}{'spearman':>10}{'precision':>11}{'recall':>8}")
    all_ = figures(ours, reference)
    print(f"{'all':14}{all_['entries']:>10}{all_['spearman']:>10.3f}{all_['precision']:>11.1%}{all_['recall']:>8.1%}")
    print(f"{'baseline':14}{'':>10}{BASELINE['spearman']:>10.3f}{BASELINE['precision']:>11.1%}{BASELINE['recall']:>8.1%}")
    print(f"{'goal':14}{'':>10}{'>= 0.6':>10}{'>= 90%':>11}{'>= 75%':>8}")
    for low, high in ((3, 4), (5, 6), (7, 8), (9, 11), (12, 15)):
        f = figures(ours, reference, lambda w: low <= len(w) <= high)
        print(f"{f'{low}-{high} letters':14}{f['entries']:>10}{f['spearman']:>10.3f}{f['precision']:>11.1%}{f['recall']:>8.1%}")


if __name__ == "__main__":
    main()
