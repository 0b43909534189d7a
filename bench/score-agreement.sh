#!/usr/bin/env bash
# How far a dictionary's scores agree with Spread the Wordlist, the scored
# list constructors share (read from ../shared/bench/wordlists for this
# measurement only; no part of xwdb reads it). Prints, for the dictionary,
# and beside the figures of the default dictionary before issue 28's
# scoring work (the baseline every change is compared with):
#   spearman   rank correlation of the scores over the entries both hold
#   precision  of the dictionary's entries scored >= 50 that STWL holds, the
#              share STWL also scores >= 50
#   recall     of STWL's entries scored >= 50, the share the dictionary holds
# plus the same three for every entry length band, so a change that helps
# long entries and hurts short ones shows.
#   XWDB     the xwdb binary (default: build/release/tools/xwdb)
#   XWDB_DB  the dictionary (default: var/default.db)
#   STWL     the list (default: ../shared/bench/wordlists/spreadthewordlist.dict)
set -euo pipefail
cd "$(dirname "$0")/.."
xwdb=${XWDB:-build/release/tools/xwdb}
db=${XWDB_DB:-var/default.db}
stwl=${STWL:-../shared/bench/wordlists/spreadthewordlist.dict}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$xwdb" export --db "$db" -o "$work/words.txt" >/dev/null 2>&1
python3 bench/score_agreement.py "$work/words.txt" "$stwl"
