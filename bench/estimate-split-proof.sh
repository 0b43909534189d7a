#!/bin/bash
# What a proof split on one slot would cost (issue 32, goal 3): a grid
# with no fill is proven so by refuting every word of any one slot, each
# with that word placed. This samples N of the slot's words, fills the
# grid with each one placed (one thread, seed 1, TIMEOUT seconds) and
# prints each word's outcome and search time, then the slot's size
# times the mean: the one-thread cost of the whole split. A word that
# times out counts at TIMEOUT, so with timeouts the figure is a lower
# bound. A placed word that fills shows the grid has a fill after all.
# With N at least the slot's word count every word is tried: the whole
# split, a proof that the grid has no fill if each one is refuted.
#
# Usage: bash bench/estimate-split-proof.sh GRID DB MIN_SCORE SLOT [N] [TIMEOUT]
#   GRID: a plain grid ('.' open, '#' block, letters given)
#   SLOT: ROW,COL,across or ROW,COL,down (1-based: the slot's first cell)
#   N: words sampled (default 40); TIMEOUT: seconds per word (default 30)
#   SEED (environment): the sample's seed (default 1); JOBS: words refuted
#   at a time (default 1); XWDB: the binary (default build/release/tools/xwdb).
# Run it alone: the times are the figures.
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '13,18p' "$0" >&2
  exit 64
fi
# The paths as given, from the caller's directory.
grid=$(realpath -m -- "$1") db=$(realpath -m -- "$2") min_score=$3 slot=$4 n=${5:-40} timeout=${6:-30}
xwdb=${XWDB:+$(realpath -m -- "$XWDB")}
cd "$(dirname "$0")/.."
xwdb=${xwdb:-$PWD/build/release/tools/xwdb}
[ -x "$xwdb" ] || { echo "estimate-split-proof: no $xwdb (build it first)" >&2; exit 1; }
[ -f "$grid" ] || { echo "estimate-split-proof: no grid file $grid" >&2; exit 1; }
[ -d "$db" ] || { echo "estimate-split-proof: no dictionary $db (xwdb import makes one)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$xwdb" "$grid" "$db" "$min_score" "$slot" "$n" "$timeout" "${SEED:-1}" "${JOBS:-1}" "$work" <<'PY'
import concurrent.futures, json, random, statistics, subprocess, sys

xwdb, grid_path, db, min_score, slot, n, timeout, seed, jobs, work = sys.argv[1:]
try:
    n, seed, jobs = int(n), int(seed), int(jobs)
    assert n >= 1 and jobs >= 1 and float(timeout) > 0
except (ValueError, AssertionError):
    sys.exit(f'estimate-split-proof: N ({n}) and JOBS ({jobs}) must be whole numbers of 1 or more, SEED ({seed}) '
             f'a whole number, TIMEOUT ({timeout}) seconds above 0')
rows = [line.rstrip('\n') for line in open(grid_path) if line.strip()]
try:
    r, c, direction = slot.split(',')
    r, c = int(r) - 1, int(c) - 1
    assert direction in ('across', 'down')
except (ValueError, AssertionError):
    sys.exit(f'estimate-split-proof: slot "{slot}" is not ROW,COL,across or ROW,COL,down')
dr, dc = (0, 1) if direction == 'across' else (1, 0)
def open_cell(a, b):
    return 0 <= a < len(rows) and 0 <= b < len(rows[a]) and rows[a][b] != '#'
if not open_cell(r, c):
    sys.exit(f'estimate-split-proof: {slot} is a block or outside {grid_path}')
if open_cell(r - dr, c - dc):
    sys.exit(f'estimate-split-proof: {slot} is inside a slot, not at its first cell')
cells = []
while open_cell(r, c):
    cells.append((r, c))
    r, c = r + dr, c + dc
if len(cells) < 2:
    sys.exit(f'estimate-split-proof: no slot of two or more cells starts at {slot} in {grid_path}')
pattern = ''.join(rows[a][b] for a, b in cells)
limit = 100000  # xwdb match's most
listed = subprocess.run([xwdb, 'match', '--db', db, '--min-score', min_score, '--limit', str(limit), '--json', pattern],
                        capture_output=True, text=True)
try:
    assert listed.returncode == 0
    words = [m['word'] for m in json.loads(listed.stdout)['matches']]
except (AssertionError, json.JSONDecodeError, KeyError, TypeError):
    sys.exit(f'estimate-split-proof: xwdb match failed: {listed.stderr.strip() or "no word list in its answer"}')
truncated = len(words) == limit  # more may fit: never a proof, and the figure is a lower bound
if not words:
    sys.exit(f'estimate-split-proof: no word fits {pattern} at score {min_score}: the grid has no fill')
sample = random.Random(seed).sample(words, min(n, len(words)))
print(f'{grid_path} at >= {min_score}, split on {slot} ({pattern}): {len(words)} words, {len(sample)} sampled, '
      f'{timeout} s each')
def refute(k, word):
    """Fills the grid with `word` placed; returns (word, outcome, seconds, decisions)."""
    placed = [list(row) for row in rows]
    for (a, b), letter in zip(cells, word):
        placed[a][b] = letter
    path = f'{work}/grid-{k}.txt'
    with open(path, 'w') as f:
        f.write('\n'.join(''.join(row) for row in placed) + '\n')
    run = subprocess.run([xwdb, 'fill', path, '--db', db, '--min-score', min_score, '--threads', '1', '--seed', '1',
                          '--timeout', timeout, '--format', 'json'], capture_output=True, text=True)
    try:
        result = json.loads(run.stdout)
    except json.JSONDecodeError:
        return word, 'error: ' + run.stderr.strip(), 0.0, 0
    return word, result['outcome'], result['stats']['seconds'], result['stats']['nodes']

times, outcomes = [], []
pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
for word, outcome, seconds, decisions in pool.map(refute, range(len(sample)), sample):
    if outcome.startswith('error'):
        pool.shutdown(wait=False, cancel_futures=True)  # the words not started yet are not run
        sys.exit(f'estimate-split-proof: xwdb fill failed on {word}: {outcome}')
    outcomes.append(outcome)
    times.append(float(timeout) if outcome == 'timeout' else seconds)
    print(f'{word}\t{outcome}\t{seconds:.3f} s\t{decisions} decisions', flush=True)
pool.shutdown()
refuted = outcomes.count('impossible')
timeouts = outcomes.count('timeout')
mean = statistics.mean(times)
print(f'refuted {refuted}, filled {outcomes.count("filled")}, timed out {timeouts} of {len(sample)}; '
      f'median {statistics.median(times):.3f} s, mean {mean:.3f} s, max {max(times):.3f} s')
bound = 'at least ' if timeouts or truncated else ''
print(f'the split: {bound}{len(words) * mean:.0f} s on one thread ({len(words)} words x {mean:.3f} s)')
if 'filled' in outcomes:
    print('a placed word filled: the grid has a fill at this score')
elif refuted == len(words) and not truncated:
    print('every word of the slot was refuted: the grid has no fill at this score')
PY
