#!/usr/bin/env bash
# The main job on the embedded default: builds xwdb, builds the default
# English dictionary from Debian's SCOWL lists (words and scores), WordNet
# (clues, and its offensive senses), the project's own lists of clues
# and its list of entries an editor keeps out, scored by fill value
# (core/score/fill_value.h), shows what it holds,
# fills the sample grid in-process, then starts xwdbd on loopback, fills the
# same grid through xwdb-client with its clues, and stops the daemon.
#   XWDB_DB      where the dictionary goes (default: var/default.db)
#   XWDB_PRESET  CMake preset to build with (default: release)
set -euo pipefail
cd "$(dirname "$0")/.."

preset=${XWDB_PRESET:-release}
db=${XWDB_DB:-var/default.db}
jobs=${XWDB_JOBS:-2}

cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j"$jobs" --target xwdb xwdbd xwdb-client
xwdb=build/$preset/tools/xwdb
xwdbd=build/$preset/daemon/xwdbd
client=build/$preset/client/xwdb-client

# The recipe's inputs (this script, the project's lists, the importer's and
# the store's sources, whatever the preset): a dictionary built from other
# ones (an older checkout's) is built again.
recipe=$(cat scripts/run-default.sh data/clues/en-common.txt data/clues/en-fill.txt data/clues/en-fill-long.txt \
  data/entries/* data/flags/en-offensive.txt data/blocks/en-not-words.txt \
  core/import/* core/score/* core/store/* core/text/* | sha256sum | cut -c1-16)
if [ -e "$db/CURRENT" ] && [ "$(cat "$db/xwdb-recipe" 2>/dev/null)" != "$recipe" ]; then
  echo "== $db was built by another recipe: building it again"
  rm -rf "$db"
fi
if [ ! -e "$db/CURRENT" ]; then
  # Built beside its final place and renamed: an interrupted build leaves no
  # half dictionary behind.
  tmp="$db.building"
  rm -rf "$tmp"
  mkdir -p "$(dirname "$db")"
  echo "== building the default dictionary in $db"
  "$xwdb" import --db "$tmp" --locale en /usr/share/dict/scowl
  # WordNet adds clues, and its lemmas as entries; SCOWL's scores stay.
  "$xwdb" import --db "$tmp" --merge keep --default-score 40 /usr/share/wordnet
  # Clues for what WordNet leaves out (function words, contractions, common
  # abbreviations), written for the project; no entries added.
  "$xwdb" import --db "$tmp" --clues-only --format pipe data/clues/en-common.txt
  # Clues an editor would print for the 3- to 5-letter words fills use most
  # (WordNet glosses them as a dictionary does, or names a rare sense first).
  "$xwdb" import --db "$tmp" --clues-only --format pipe data/clues/en-fill.txt
  # And for the 6- to 15-letter entries scored 50 or more whose best WordNet
  # clue is a long or cut definition, a rare synonym or a plain gloss.
  "$xwdb" import --db "$tmp" --clues-only --format pipe data/clues/en-fill-long.txt
  # Entries an editor keeps out (vulgar, slurs, insults, breakfast-test
  # words) that WordNet's labels miss, flagged; matches and fills leave
  # flagged entries out unless a request allows them.
  "$xwdb" import --db "$tmp" --format flags data/flags/en-offensive.txt
  # Forms the word lists make that are no words (BARRENER, SHUCKSES, SISES)
  # or plurals of one place or people (RWANDAS): blocked, never filled.
  "$xwdb" block --db "$tmp" --from data/blocks/en-not-words.txt >/dev/null
  echo "blocked $(wc -l < data/blocks/en-not-words.txt) forms that are no words (data/blocks/en-not-words.txt)"
  # Scores by fill value (`xwdb why WORD` shows the terms): SCOWL's level,
  # WordNet's corpus counts, senses, phrases, genera and inflections, and
  # whether the entry has a printable clue.
  "$xwdb" rescore --db "$tmp"
  # Entries an editor judged (docs/vocabulary.md): phrases, names, titles and
  # short fill with a tier's score, which replaces the formula's (and which a
  # later rescore keeps: the sources are named editor:...), and a clue for
  # those that fill; those judged below the cut-off get their lower score.
  for f in data/entries/*.csv data/entries/*.txt; do
    format=csv
    [ "${f##*.}" = txt ] && format=scored
    "$xwdb" import --db "$tmp" --merge last --format "$format" --source "editor:$(basename "$f")" "$f"
  done
  echo "$recipe" > "$tmp/xwdb-recipe"
  mv "$tmp" "$db"
fi

echo "== stats"
"$xwdb" stats --db "$db" --index
echo "== clues"
"$xwdb" clues --db "$db" --limit 3 crossword "ice cream" puzzle
echo "== match C.T (best first), CROSS* (count), [^AEIOU]..SS (letters per cell)"
"$xwdb" match --db "$db" --limit 5 "c.t"
"$xwdb" match --db "$db" --count "cross*"
"$xwdb" match --db "$db" --letters "[^aeiou]..ss"
echo "== fill data/grids/sample-15x15.txt with words scored 60 or more"
"$xwdb" fill --db "$db" --seed 1 --timeout 60 --min-score 60 data/grids/sample-15x15.txt

echo "== the daemon: xwdbd on 127.0.0.1 (a free port), the same grid through xwdb-client, with clues"
run_dir=$(mktemp -d)
"$xwdbd" --db en="$db" --listen 127.0.0.1:0 --port-file "$run_dir/port" --http 127.0.0.1:0 \
  --http-port-file "$run_dir/http-port" --call-log "$run_dir/calls.log" &
daemon=$!
stop_daemon() { kill -TERM "$daemon" 2>/dev/null && wait "$daemon" || true; rm -rf "$run_dir"; }
trap stop_daemon EXIT
for _ in $(seq 600); do [ -s "$run_dir/port" ] && break; kill -0 "$daemon" || exit 1; sleep 0.1; done
server=127.0.0.1:$(cat "$run_dir/port")
"$client" dicts --server "$server"
"$client" fill --server "$server" --seed 1 --timeout 60 --min-score 60 --clues --clue-policy best \
  --max-clue-length 60 data/grids/sample-15x15.txt
echo "== the same daemon over HTTP/JSON (the web page's API): POST /v1/Match, GET /metrics"
http_port=$(cat "$run_dir/http-port")
python3 - "$http_port" <<'PY'
import json, sys, urllib.request
base = f"http://127.0.0.1:{sys.argv[1]}"
request = urllib.request.Request(base + "/v1/Match", data=json.dumps({"pattern": "C.T", "limit": 5}).encode(),
                                 headers={"Content-Type": "application/json"})
print("POST /v1/Match {\"pattern\": \"C.T\", \"limit\": 5} ->", urllib.request.urlopen(request).read().decode())
metrics = urllib.request.urlopen(base + "/metrics").read().decode().splitlines()
print("\n".join(line for line in metrics if line.startswith(("xwdb_calls_total", "xwdb_dictionary_words"))))
print(f"the constructor's page is served at {base}/ (xwdbd --http 127.0.0.1:7412 serves it on a fixed port)")
PY
echo "== calls served"
cat "$run_dir/calls.log"
