#!/usr/bin/env python3
"""The constructor's calls end to end: Analyze, Suggest and the new fill
options (a selection, exclusions, alternatives that differ, the optimizer
with its `found` events) through gRPC from Python, and the same through
xwdb-client (check, suggest, fill), against a real xwdbd. Answers are
checked against a brute-force enumeration of every fill of the small
grids, written here independently of the engine.

Usage: assist_test.py XWDB XWDBD PROTO_DIR XWDB_CLIENT
"""
import itertools
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xwdbd_fixture  # noqa: E402

XWDB, XWDBD, PROTO_DIR, CLIENT = sys.argv[1:5]
del sys.argv[1:5]

WORDS = {
    "CAT": 60, "COT": 80, "ARE": 50, "TEN": 40, "ACE": 70, "TOE": 30, "ATE": 20, "EON": 90, "CUT": 65,
    "TEA": 55, "EAT": 45, "NET": 35, "ONE": 75, "ANT": 25, "TAN": 50, "OAT": 40, "EAR": 60, "ERA": 30,
    "RAN": 45, "RAT": 55, "TAR": 35, "ART": 65, "ORC": 20, "ROE": 50, "ORE": 40, "NUT": 30, "TUB": 25,
    "BAT": 60, "TAB": 35, "BET": 45, "ETA": 40, "OAR": 45, "ROT": 40, "NOT": 60, "TON": 45, "NOR": 35,
    "TEE": 35, "ERE": 20, "ERN": 25, "SEA": 50, "SET": 55, "SAT": 45, "CAN": 50, "CON": 40, "ACT": 55,
    "TAO": 15, "ANE": 10, "NEE": 10, "ARC": 45, "CAR": 60,
}


def brute_force_fills(rows, allowed=WORDS):
    """Every fill of a 3x3 grid with no blocks: rows and columns are words
    of `allowed`, the six entries distinct, given letters kept."""
    fills = []
    words = sorted(allowed)
    for r in itertools.product(words, repeat=3):
        if any(rows[i][j] != "." and rows[i][j].upper() != r[i][j] for i in range(3) for j in range(3)):
            continue
        cols = ["".join(r[i][j] for i in range(3)) for j in range(3)]
        if all(c in allowed for c in cols) and len(set(r) | set(cols)) == 6:
            fills.append(list(r))
    return fills


def entries_of(fill):
    """across 1..3 and down 1..3 of a 3x3 fill."""
    return list(fill) + ["".join(fill[i][j] for i in range(3)) for j in range(3)]


def is_fill(rows, given):
    return (len(rows) == 3 and all(w in WORDS for w in entries_of(rows)) and len(set(entries_of(rows))) == 6
            and all(given[i][j] == "." or given[i][j].upper() == rows[i][j] for i in range(3) for j in range(3)))


class AssistTest(xwdbd_fixture.SmallDaemonTest):
    XWDB, XWDBD, PROTO_DIR = XWDB, XWDBD, PROTO_DIR
    SCORED_WORDS = "".join(f"{w.lower()};{s}\n" for w, s in WORDS.items())

    def fill(self, rows, **options):
        from xwdb.v1 import xwdb_pb2
        events = list(self.stub().Fill(xwdb_pb2.FillRequest(rows=rows, options=xwdb_pb2.FillOptions(**options)),
                                       timeout=60))
        self.assertTrue(events[-1].HasField("result"))
        return [e.found for e in events if e.HasField("found")], events[-1].result

    def test_analyze_keeps_every_letter_a_fill_uses(self):
        from xwdb.v1 import xwdb_pb2
        given = ["c..", "...", "..."]
        fills = brute_force_fills(given)
        self.assertTrue(fills)
        r = self.stub().Analyze(xwdb_pb2.AnalyzeRequest(rows=given), timeout=30)
        self.assertTrue(r.consistent)
        self.assertEqual((r.facts.rows, r.facts.columns, r.facts.words, r.facts.blocks), (3, 3, 6, 0))
        self.assertTrue(r.facts.symmetric_180 and r.facts.connected)
        self.assertEqual(len(r.cell_letters), 9)
        self.assertEqual(r.cell_letters[0], "C")
        for f in fills:
            for cell in range(9):
                self.assertIn(f[cell // 3][cell % 3], r.cell_letters[cell], f"cell {cell} of fill {f}")
        self.assertEqual(len(r.slots), 6)
        for k, s in enumerate(r.slots):
            used = {entries_of(f)[k] for f in fills}
            self.assertGreaterEqual(s.candidates, len(used), s)
            self.assertEqual(s.slot.length, 3)
        self.assertEqual(r.slots[0].pattern, "C..")

    def test_analyze_names_a_dead_slot(self):
        from xwdb.v1 import xwdb_pb2
        r = self.stub().Analyze(xwdb_pb2.AnalyzeRequest(rows=["q..", "...", "..."]), timeout=30)
        self.assertFalse(r.consistent)
        self.assertIn("1 across", r.reason)
        self.assertIn((1, xwdb_pb2.ACROSS), [(s.number, s.direction) for s in r.dead_slots])

    def test_suggest_agrees_with_brute_force(self):
        from xwdb.v1 import xwdb_pb2
        given = ["...", ".a.", "..."]
        fills = brute_force_fills(given)
        fillable = {f[0] for f in fills}  # words of 1A with a fill
        r = self.stub().Suggest(xwdb_pb2.SuggestRequest(
            rows=given, slot=xwdb_pb2.SlotId(name="1A"), limit=100, verify=100, verify_seconds=20), timeout=60)
        self.assertEqual((r.slot.number, r.slot.direction, r.slot.row, r.slot.column), (1, xwdb_pb2.ACROSS, 1, 1))
        self.assertEqual(len(r.suggestions), r.candidates)
        self.assertEqual(r.probed, r.candidates)
        for s in r.suggestions:
            if s.word in fillable:
                self.assertTrue(s.alive, s)
            if not s.alive:
                self.assertTrue(s.kills, s)
            if s.verdict == xwdb_pb2.VERDICT_FILLS:
                self.assertTrue(is_fill(list(s.fill_rows), given), s)
                self.assertEqual(s.fill_rows[0], s.word)
            if s.verdict == xwdb_pb2.VERDICT_IMPOSSIBLE:
                self.assertNotIn(s.word, fillable, s)
        verified = [s for s in r.suggestions if s.verdict != xwdb_pb2.VERDICT_UNSPECIFIED]
        self.assertEqual(len(verified), r.alive)
        self.assertTrue(all(s.verdict != xwdb_pb2.VERDICT_UNKNOWN for s in verified))
        # Alive words first, by fillability.
        alive = [s.fillability for s in r.suggestions if s.alive]
        self.assertEqual(alive, sorted(alive, reverse=True))

    def test_fill_a_selection_keeps_everything_else(self):
        from xwdb.v1 import xwdb_pb2
        found, result = self.fill(["...", "...", "..n"], only=[xwdb_pb2.SlotId(name="1A")])
        self.assertEqual(result.outcome, xwdb_pb2.FILLED, result.reason)
        rows = result.fills[0].rows
        self.assertIn(rows[0], WORDS)
        self.assertEqual(list(rows[1:]), ["...", "..N"])
        entries = {(e.number, e.direction): e for e in result.fills[0].entries}
        self.assertFalse(entries[(1, xwdb_pb2.ACROSS)].open)
        self.assertTrue(entries[(4, xwdb_pb2.ACROSS)].open)
        self.assertEqual(entries[(4, xwdb_pb2.ACROSS)].word, "...")
        # The down slots still have a word that fits.
        for j in range(3):
            self.assertTrue(any(w[0] == rows[0][j] and (j < 2 or w[2] == "N") for w in WORDS), j)

    def test_exclusions_and_alternatives_that_differ(self):
        from xwdb.v1 import xwdb_pb2
        given = ["...", "...", "..."]
        found, result = self.fill(given, solutions=4, differ=3, exclude=["eat", "Tea"], seed=3)
        self.assertEqual(result.outcome, xwdb_pb2.FILLED, result.reason)
        self.assertEqual(len(found), len(result.fills))
        fills = [list(f.rows) for f in result.fills]
        for f in fills:
            self.assertTrue(is_fill(f, given), f)
            self.assertFalse({"EAT", "TEA"} & set(entries_of(f)), f)
        for a, b in itertools.combinations(fills, 2):
            self.assertGreaterEqual(sum(x != y for x, y in zip(entries_of(a), entries_of(b))), 3, (a, b))

    def test_optimizer_reaches_the_brute_force_optimum(self):
        from xwdb.v1 import xwdb_pb2
        given = ["...", "...", "..."]
        best = max(min(WORDS[w] for w in entries_of(f)) for f in brute_force_fills(given))
        found, result = self.fill(given, optimize=xwdb_pb2.OPTIMIZE_LOWEST_SCORE, timeout_seconds=30)
        self.assertEqual(result.outcome, xwdb_pb2.FILLED)
        self.assertTrue(result.proven_best)
        self.assertEqual(result.fills[-1].min_score, best)
        self.assertTrue(found)
        lowest = [f.min_score for f in found]
        self.assertEqual(lowest, sorted(lowest))
        self.assertEqual(lowest[-1], best)

    def enumerate(self, rows, goal, threads=1, **enumeration):
        from xwdb.v1 import xwdb_pb2
        request = xwdb_pb2.FillRequest(rows=rows, options=xwdb_pb2.FillOptions(threads=threads),
                                       enumerate=xwdb_pb2.Enumeration(goal=goal, **enumeration))
        events = list(self.stub().Fill(request, timeout=60))
        self.assertTrue(events[-1].HasField("result"))
        return [list(e.found.rows) for e in events if e.HasField("found")], events[-1].result

    def test_enumerate_counts_streams_and_gives_word_sets_as_brute_force(self):
        from xwdb.v1 import xwdb_pb2
        for given in (["...", "...", "..."], ["c..", "...", "..."], ["q..", "...", "..."]):
            expected = brute_force_fills(given)
            for threads in (1, 2):
                with self.subTest(given=given, threads=threads):
                    _, r = self.enumerate(given, xwdb_pb2.ENUMERATE_COUNT, threads)
                    self.assertTrue(r.enumeration.complete)
                    self.assertEqual(r.enumeration.fills, len(expected))
                    self.assertEqual(r.outcome, xwdb_pb2.FILLED if expected else xwdb_pb2.IMPOSSIBLE)
                    found, r = self.enumerate(given, xwdb_pb2.ENUMERATE_FILLS, threads, max_fills=100000)
                    self.assertEqual(sorted(found), sorted(expected))
                    _, r = self.enumerate(given, xwdb_pb2.ENUMERATE_WORD_SETS, threads)
                    self.assertTrue(r.enumeration.complete)
                    self.assertEqual(len(r.enumeration.word_sets), 6)
                    for s in r.enumeration.word_sets:
                        k = s.row - 1 if s.direction == xwdb_pb2.ACROSS else 3 + s.column - 1
                        union = {entries_of(f)[k] for f in expected}
                        self.assertEqual(set(s.words), union, (s.number, s.direction))
                        self.assertEqual(s.size, len(union))
        # Enough fills: the stream stops there, and says so.
        found, r = self.enumerate(["...", "...", "..."], xwdb_pb2.ENUMERATE_FILLS, max_fills=3)
        self.assertEqual(len(found), 3)
        self.assertFalse(r.enumeration.complete)
        self.assertEqual(r.outcome, xwdb_pb2.FILLED)
        self.assertIn("max_fills", r.reason)

    def test_enumerate_a_region_leaves_the_slots_through_star_cells_out(self):
        from xwdb.v1 import xwdb_pb2
        # Row 3's across and columns 1 and 2's downs run through a `*`: the
        # region is rows 1 and 2 across and column 3 down.
        expected = set()
        for a, b in itertools.product(WORDS, repeat=2):
            for z in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
                down = a[2] + b[2] + z
                if down in WORDS and len({a, b, down}) == 3:
                    expected.add((a, b, down))
        _, r = self.enumerate(["...", "...", "**."], xwdb_pb2.ENUMERATE_COUNT, threads=2)
        self.assertTrue(r.enumeration.complete)
        self.assertEqual(r.enumeration.fills, len(expected))
        _, r = self.enumerate(["...", "...", "**."], xwdb_pb2.ENUMERATE_WORD_SETS)
        sets = {(s.number, s.direction): set(s.words) for s in r.enumeration.word_sets}
        self.assertEqual(sets, {(1, xwdb_pb2.ACROSS): {e[0] for e in expected},
                                (4, xwdb_pb2.ACROSS): {e[1] for e in expected},
                                (3, xwdb_pb2.DOWN): {e[2] for e in expected}})

    def test_limits_name_the_field(self):
        import grpc
        from xwdb.v1 import xwdb_pb2
        rows = ["...", "...", "..."]
        cases = [
            (lambda s: list(s.Fill(xwdb_pb2.FillRequest(rows=rows, options=xwdb_pb2.FillOptions(differ=5000)),
                                   timeout=10)), "options.differ"),
            (lambda s: list(s.Fill(xwdb_pb2.FillRequest(
                rows=rows, options=xwdb_pb2.FillOptions(only=[xwdb_pb2.SlotId(name="9A")])), timeout=10)),
             "options.only[0]"),
            (lambda s: list(s.Fill(xwdb_pb2.FillRequest(
                rows=rows, options=xwdb_pb2.FillOptions(max_shared_substring=1)), timeout=10)),
             "options.max_shared_substring"),
            (lambda s: list(s.Fill(xwdb_pb2.FillRequest(
                rows=rows, options=xwdb_pb2.FillOptions(optimize=xwdb_pb2.OPTIMIZE_MEAN_SCORE, solutions=2)),
                timeout=10)), "options.optimize"),
            (lambda s: list(s.Fill(xwdb_pb2.FillRequest(
                rows=rows, options=xwdb_pb2.FillOptions(exclude=["x"] * 10001)), timeout=10)), "options.exclude"),
            (lambda s: list(s.Fill(xwdb_pb2.FillRequest(
                rows=rows, options=xwdb_pb2.FillOptions(only_cells="1,1-x")), timeout=10)), "options.only_cells"),
            (lambda s: list(s.Fill(xwdb_pb2.FillRequest(
                rows=rows, enumerate=xwdb_pb2.Enumeration(max_fills=100001)), timeout=10)), "enumerate.max_fills"),
            (lambda s: list(s.Fill(xwdb_pb2.FillRequest(
                rows=rows, enumerate=xwdb_pb2.Enumeration(words_per_slot=-1)), timeout=10)),
             "enumerate.words_per_slot"),
            (lambda s: s.Analyze(xwdb_pb2.AnalyzeRequest(rows=["*..", "...", "..."]), timeout=10), "rows"),
            (lambda s: s.Analyze(xwdb_pb2.AnalyzeRequest(rows=rows, best_words=101), timeout=10), "best_words"),
            (lambda s: s.Suggest(xwdb_pb2.SuggestRequest(rows=rows, slot=xwdb_pb2.SlotId(name="1A"), verify=101),
                                 timeout=10), "verify"),
            (lambda s: s.Suggest(xwdb_pb2.SuggestRequest(rows=rows), timeout=10), "slot"),
            (lambda s: s.Suggest(xwdb_pb2.SuggestRequest(rows=rows, slot=xwdb_pb2.SlotId(name="x" * 33)),
                                 timeout=10), "slot.name"),
            (lambda s: s.Suggest(xwdb_pb2.SuggestRequest(rows=rows, slot=xwdb_pb2.SlotId(number=2)), timeout=10),
             "slot.direction"),
        ]
        for call, field in cases:
            with self.assertRaises(grpc.RpcError, msg=field) as caught:
                call(self.stub())
            self.assertEqual(caught.exception.code(), grpc.StatusCode.INVALID_ARGUMENT, field)
            self.assertTrue(caught.exception.details().startswith(field + ":"), caught.exception.details())

    def client(self, *args, grid=None):
        path = os.path.join(self.tmp.name, "grid.txt")
        with open(path, "w") as f:
            f.write("\n".join(grid or ["...", "...", "..."]) + "\n")
        # The client's rules keep to words scored 50 or more by default; these
        # grids need the small dictionary's low-scored words too.
        return subprocess.run([CLIENT, args[0], "--server", self.address, "--min-score", "0", *args[1:], path],
                              capture_output=True, text=True, timeout=60)

    def test_client_fill_all_counts_prints_and_gives_word_sets(self):
        given = ["c..", "...", "..."]
        expected = brute_force_fills(given)
        p = self.client("fill", "--all", "--threads", "2", grid=given)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, f"{len(expected)} fills\n")
        self.assertIn("complete", p.stderr)
        # An open 3x3 whose given letter lies on the diagonal: the square's
        # own search, by transposed halves.
        self.assertIn("open rectangle:", p.stderr)
        self.assertIn("each fill found with its transpose", p.stderr)
        p = self.client("fill", "--all", "--print-fills", "--max-fills", "100000", grid=given)
        self.assertEqual(p.returncode, 0, p.stderr)
        printed = sorted(block.split("\n") for block in p.stdout.strip().split("\n\n"))
        self.assertEqual(printed, sorted(expected))
        p = self.client("fill", "--all", "--word-sets", "--json", grid=given)
        self.assertEqual(p.returncode, 0, p.stderr)
        j = json.loads(p.stdout)
        self.assertEqual(j["search"], "open rectangle")
        self.assertTrue(j["transposed"])
        slots = j["slots"]
        self.assertEqual(len(slots), 6)
        for s in slots:
            k = s["row"] - 1 if s["direction"] == "across" else 3 + s["column"] - 1
            self.assertEqual(set(s["words"]), {entries_of(f)[k] for f in expected})
        p = self.client("fill", "--all", "--json", grid=[".c.", "...", "..."])
        self.assertEqual(p.returncode, 0, p.stderr)
        j = json.loads(p.stdout)
        self.assertEqual(j["fills"], len(brute_force_fills([".c.", "...", "..."])))
        self.assertEqual((j["search"], j["transposed"]), ("open rectangle", False))  # C off the diagonal
        p = self.client("fill", "--all", grid=["q..", "...", "..."])
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertEqual(p.stdout, "0 fills\n")
        # A negative count would wrap to a huge unsigned one: refused by name.
        for count in ("--max-nodes", "--max-fills"):
            p = self.client("fill", "--all", "--print-fills", count, "-1")
            self.assertNotEqual(p.returncode, 0, p.stderr)
            self.assertIn(count + ": '-1' is not a count", p.stderr)
        # Bytes that are not UTF-8 are named before anything is sent.
        p = subprocess.run([CLIENT.encode(), b"match", b"--server", self.address.encode(), b"C\xffT"],
                           capture_output=True, timeout=60)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertIn(b"pattern: not UTF-8 text", p.stderr)
        # A directory named as a word list is refused, not read as an empty list.
        p = subprocess.run([CLIENT, "list", "import", "--server", self.address, "--lists-dir", self.tmp.name, "mine",
                            self.tmp.name], capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertIn(f"list import {self.tmp.name}: a directory, not a file", p.stderr)
        p = self.client("fill", "--deadline", "-1")
        self.assertNotEqual(p.returncode, 0, p.stderr)
        self.assertIn("--deadline: '-1' is not a number in [0 - 86400]", p.stderr)

    def test_client_check_suggest_and_fill(self):
        p = self.client("check", grid=["c..", "...", "..n"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("letters possible per cell", p.stdout)
        self.assertIn("  C", p.stdout)  # the heat map's first row starts with the given C
        p = self.client("check", "--json", grid=["q..", "...", "..."])
        self.assertEqual(p.returncode, 2, p.stderr)
        j = json.loads(p.stdout)
        self.assertFalse(j.get("consistent", False))
        self.assertEqual(len(j["cell_letters"]), 9)

        p = self.client("suggest", "--slot", "1,1,D", "--verify", "3", "--budget", "10", "--json",
                        grid=["...", ".a.", "..."])
        self.assertEqual(p.returncode, 0, p.stderr)
        j = json.loads(p.stdout)
        self.assertEqual(j["slot"]["direction"], "DOWN")
        self.assertTrue(any(s.get("verdict") == "VERDICT_FILLS" for s in j["suggestions"]))
        p = self.client("suggest", "--slot", "7A", grid=["...", "...", "..."])
        self.assertEqual(p.returncode, 1)
        self.assertIn("7A", p.stderr)

        p = self.client("fill", "--optimize", "min", "--budget", "30", "--json", "--exclude", "eon")
        self.assertEqual(p.returncode, 0, p.stderr)
        j = json.loads(p.stdout)
        self.assertEqual(j["optimize_end"], "proven best")
        self.assertEqual(len(j["fills"]), 1)
        self.assertNotIn("EON", [e["word"] for e in j["fills"][0]["entries"]])
        self.assertIn("a fill, lowest", p.stderr)  # each better fill as it is found

        # A bad word of an exclusion file is named by its file and line.
        bad = os.path.join(self.tmp.name, "exclude.txt")
        with open(bad, "w") as f:
            f.write("eon\n\nc4t\n")
        p = self.client("check", "--exclude-file", bad)
        self.assertEqual(p.returncode, 1)
        self.assertIn(bad + ":3: options.exclude[1]", p.stderr)

        p = self.client("fill", "--only", "1A,1D", grid=["...", "...", "..n"])
        self.assertEqual(p.returncode, 0, p.stderr)
        rows = p.stdout.split("\n")[:3]
        self.assertEqual(rows[1][1:], "..")
        self.assertEqual(rows[2][1:], ".N")

    def test_client_match_asks_for_several_patterns_in_one_call(self):
        def match(*args):
            return subprocess.run([CLIENT, "match", "--server", self.address, *args], capture_output=True, text=True,
                                  timeout=60)
        p = match("c.t", "t.n", "q..", "--limit", "2")
        self.assertEqual(p.returncode, 0, p.stderr)
        # Each pattern under its total, best first (COT 80, CUT 65, CAT 60; TEN 40, TAN 50, TON 45).
        self.assertEqual(p.stdout, "c.t  (3)\n  COT  80\n  CUT  65\nt.n  (3)\n  TAN  50\n  TON  45\nq..  (0)\n")
        self.assertIn("no word fits q..", p.stderr)
        p = match("c.t", "*e", "--count", "--json")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual([(j["pattern"], j["total"]) for j in json.loads(p.stdout)],
                         [("c.t", 3), ("*e", sum(w.endswith("E") for w in WORDS))])
        p = match("c.t", "c[t")
        self.assertEqual(p.returncode, 1)
        self.assertIn("queries[1].pattern", p.stderr)
        from xwdb.v1 import xwdb_pb2
        stats = self.stub().GetServerStats(xwdb_pb2.GetServerStatsRequest(), timeout=30)
        self.assertGreater(stats.cpu_seconds, 0)


class KeptOutWordsTest(xwdbd_fixture.SmallDaemonTest):
    """Words the dictionary flags stay out of matches and fills, and words
    without a clue out of fills (the dictionary holds clues), unless the
    request allows them; the flags show where they are let in."""
    XWDB, XWDBD, PROTO_DIR = XWDB, XWDBD, PROTO_DIR
    SCORED_WORDS = AssistTest.SCORED_WORDS
    FLAGGED = {"COT": "vulgar", "TEA": "slur", "ONE": "sensitive"}
    CLUED = {w for i, w in enumerate(sorted(WORDS)) if i % 4 != 3}

    @classmethod
    def prepare(cls, db):
        for name, fmt, text in [
                ("flags.txt", "flags", "".join(f"{w.lower()};{k}\n" for w, k in cls.FLAGGED.items())),
                ("clues.txt", "pipe", "".join(f"{w}|Clue number {i}\n" for i, w in enumerate(sorted(cls.CLUED))))]:
            path = os.path.join(cls.tmp.name, name)
            with open(path, "w") as f:
                f.write(text)
            subprocess.run([XWDB, "import", "--db", db, "--format", fmt, path], check=True, stdout=subprocess.DEVNULL)

    def test_matches_leave_flagged_words_out_unless_allowed(self):
        from xwdb.v1 import xwdb_pb2
        r = self.stub().Match(xwdb_pb2.MatchRequest(pattern="c.t"), timeout=30)
        self.assertEqual([w.word for w in r.words], ["CUT", "CAT"])
        r = self.stub().Match(xwdb_pb2.MatchRequest(pattern="c.t", allow=["vulgar"]), timeout=30)
        self.assertEqual([(w.word, list(w.flags)) for w in r.words], [("COT", ["vulgar"]), ("CUT", []), ("CAT", [])])
        r = self.stub().Match(xwdb_pb2.MatchRequest(pattern="...", allow=["offensive"], count_only=True), timeout=30)
        self.assertEqual(r.total, len(WORDS))
        p = subprocess.run([CLIENT, "match", "--server", self.address, "--allow", "slur,vulgar", "c.t", "tea"],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("COT  80  [vulgar]", p.stdout)
        self.assertIn("TEA  55  [slur]", p.stdout)
        import grpc
        with self.assertRaises(grpc.RpcError) as caught:
            self.stub().Match(xwdb_pb2.MatchRequest(pattern="c.t", allow=["rude"]), timeout=30)
        self.assertEqual(caught.exception.code(), grpc.StatusCode.INVALID_ARGUMENT)
        self.assertTrue(caught.exception.details().startswith("allow: unknown 'rude'"), caught.exception.details())

    def test_fills_use_only_clued_unflagged_words_unless_allowed(self):
        from xwdb.v1 import xwdb_pb2
        kept = {w: s for w, s in WORDS.items() if w in self.CLUED and w not in self.FLAGGED}
        compared = 0
        for given in (["...", "...", "..."], ["c..", "...", "..."], ["...", "...", "..n"], ["t..", "...", "..."],
                      [".o.", "...", "..."], ["e..", "...", "..."]):
            for allow, words in (([], kept), (["offensive", "unclued"], WORDS)):
                events = list(self.stub().Fill(xwdb_pb2.FillRequest(
                    rows=given, options=xwdb_pb2.FillOptions(allow=allow, seed=compared)), timeout=60))
                result = events[-1].result
                expected = brute_force_fills(given, words)
                with self.subTest(given=given, allow=allow):
                    self.assertEqual(result.outcome == xwdb_pb2.FILLED, bool(expected), result)
                    if expected:
                        entries = [e.word for e in result.fills[0].entries]
                        self.assertTrue(all(w in words for w in entries), entries)
                        for e in result.fills[0].entries:
                            self.assertEqual(list(e.flags), [self.FLAGGED[e.word]] if e.word in self.FLAGGED else [])
                compared += 1
        self.assertEqual(compared, 12)


if __name__ == "__main__":
    unittest.main()
