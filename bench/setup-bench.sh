#!/usr/bin/env bash
# Debian packages the benchmarks need beyond scripts/setup.sh: the word lists
# of ../shared/bench/make-dicts.sh, qxw (the reference filler) and time (the
# runners' CPU seconds).
set -euo pipefail
need=()
for p in wamerican wamerican-huge wfrench scowl qxw time; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi
