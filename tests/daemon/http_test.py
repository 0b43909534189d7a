#!/usr/bin/env python3
"""xwdbd's HTTP/JSON face end to end, called with Python's standard library
(http.client), which the project did not write, against real xwdbd
processes on 127.0.0.1:

- every method answers over HTTP exactly what it answers over gRPC (the
  JSON compared with protobuf's own JSON of the gRPC answer);
- Fill streams newline-delimited events ending in a result; closing the
  connection cancels the fill (the one-place pool is free again at once);
- each error maps to its HTTP status and a JSON body naming the code:
  400 (bad JSON, an unknown field, a field over its limit, a bad timeout),
  401 (token), 404 (dictionary, path), 413 (body), 429 (pool full), 501
  (method), 503 (stopping), 504 (deadline);
- CORS is off unless --cors-origin names the origin (a call from another
  origin is refused); preflights;
- /metrics parses line by line as Prometheus text and counts what was done;
- the page and its files are served with a content security policy;
- a non-loopback --http needs TLS or --insecure; with TLS, HTTPS works.

Usage: http_test.py XWDB XWDBD PROTO_DIR
"""
import base64
import http.client
import json
import os
import random
import re
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xwdbd_fixture  # noqa: E402

XWDB, XWDBD, PROTO_DIR = sys.argv[1:4]
del sys.argv[1:4]

WORDS = {"CAT": 60, "COT": 80, "ARE": 50, "TEN": 40, "ACE": 70, "TOE": 30, "ATE": 20, "EON": 90, "ERA": 30,
         "EAR": 60, "ART": 65, "RAT": 55, "TAR": 35, "ONE": 75, "NET": 35, "TEA": 55, "EAT": 45, "ORE": 40}
TOKEN = "s3cret-token-0123456789"


def make_hard_dictionary(tmp):
    """Random 10-letter words over A-E: a 10x10 open grid keeps a fill busy
    for many seconds."""
    rng = random.Random(3)
    path = os.path.join(tmp, "hard.txt")
    words = {"".join(rng.choice("abcde") for _ in range(10)) for _ in range(20000)}
    with open(path, "w") as f:
        f.write("".join(w + "\n" for w in sorted(words)))
    db = os.path.join(tmp, "hard.db")
    subprocess.run([XWDB, "import", "--db", db, "--format", "plain", path], check=True, stdout=subprocess.DEVNULL)
    return db, len(words)


HARD_FILL = {"dictionary": "hard", "rows": [".........." for _ in range(10)], "options": {"timeout_seconds": 60}}
# Most of "small"'s words have no clue: its fills allow them.
SMALL_FILL = {"dictionary": "small", "rows": ["c..", "...", "..."],
              "options": {"allow_duplicates": True, "allow": ["unclued"]}}


class Http:
    """Calls to one daemon's HTTP face."""

    def __init__(self, port, token=None, context=None):
        self.port, self.token, self.context = port, token, context

    def connect(self, timeout=60):
        if self.context:
            return http.client.HTTPSConnection("127.0.0.1", self.port, timeout=timeout, context=self.context)
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None):
        """(status, headers, body bytes)."""
        conn = self.connect()
        h = dict(headers or {})
        if self.token:
            h.setdefault("Authorization", "Bearer " + self.token)
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
            h.setdefault("Content-Type", "application/json")
        conn.request(method, path, body=body, headers=h)
        res = conn.getresponse()
        data = res.read()
        conn.close()
        return res.status, res.headers, data

    def call(self, method, body=None, headers=None):
        """(status, parsed JSON)."""
        status, _, data = self.request("POST", "/v1/" + method, body if body is not None else {}, headers)
        return status, json.loads(data)

    def fill_lines(self, body, headers=None):
        status, res_headers, data = self.request("POST", "/v1/Fill", body, headers)
        return status, res_headers, [json.loads(line) for line in data.decode().splitlines() if line.strip()]


class HttpTestBase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        xwdbd_fixture.generate_stubs(PROTO_DIR, cls.tmp.name)
        cls.small = xwdbd_fixture.make_dictionary(XWDB, cls.tmp.name,
                                                  "".join(f"{w.lower()};{s}\n" for w, s in WORDS.items()))
        clues = os.path.join(cls.tmp.name, "clues.txt")
        with open(clues, "w") as f:
            f.write("CAT|Feline friend\nTEN|Decade's years\nEON|Very long time\n")
        subprocess.run([XWDB, "import", "--db", cls.small, "--format", "pipe", clues], check=True,
                       stdout=subprocess.DEVNULL)
        cls.hard, cls.hard_words = make_hard_dictionary(cls.tmp.name)
        cls.dbs = ["--db", "small=" + cls.small, "--db", "hard=" + cls.hard]
        cls.daemons = xwdbd_fixture.Daemons(XWDBD, cls.tmp.name)

    @classmethod
    def tearDownClass(cls):
        cls.daemons.stop_all()
        cls.tmp.cleanup()

    @classmethod
    def start(cls, *extra, http="127.0.0.1:0"):
        return cls.daemons.start([*cls.dbs, "--call-log", "off", *extra], http=http)


class MethodsTest(HttpTestBase):
    """One daemon: each method over HTTP, compared with gRPC."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.daemon = cls.start()
        cls.http = Http(cls.daemon.http_port)

    def grpc_json(self, method, request_json):
        """The gRPC answer to the same request, in protobuf's JSON."""
        import grpc
        from google.protobuf import json_format
        from xwdb.v1 import xwdb_pb2, xwdb_pb2_grpc
        request_type = {"ListDictionaries": "ListDictionariesRequest", "GetServerStats": "GetServerStatsRequest"}.get(
            method, method + "Request")
        request = json_format.ParseDict(request_json, getattr(xwdb_pb2, request_type)())
        with grpc.insecure_channel(self.daemon.address) as channel:
            reply = getattr(xwdb_pb2_grpc.XwdbStub(channel), method)(request, timeout=30)
        return json.loads(json_format.MessageToJson(reply, preserving_proto_field_name=True,
                                                    including_default_value_fields=True))

    def assert_same_as_grpc(self, method, request):
        status, body = self.http.call(method, request)
        self.assertEqual(status, 200, body)
        self.assertEqual(body, self.grpc_json(method, request))
        return body

    def test_unary_methods_answer_as_grpc_does(self):
        dicts = self.assert_same_as_grpc("ListDictionaries", {})
        self.assertEqual([d["name"] for d in dicts["dictionaries"]], ["small", "hard"])
        self.assertEqual(dicts["dictionaries"][0]["word_count"], str(len(WORDS)))  # uint64: a JSON string
        match = self.assert_same_as_grpc("Match", {"pattern": "C.T"})
        self.assertEqual([w["word"] for w in match["words"]], ["COT", "CAT"])
        many = self.assert_same_as_grpc("MatchMany", {"queries": [{"pattern": "C.T"},
                                                                  {"pattern": "T.N", "count_only": True}]})
        self.assertEqual([w["word"] for w in many["results"][0]["words"]], ["COT", "CAT"])
        self.assertEqual((many["results"][1]["total"], many["results"][1]["words"]), ("1", []))
        analyze = self.assert_same_as_grpc("Analyze", {"rows": ["C..", "...", "..."]})
        self.assertEqual(analyze["facts"]["rows"], 3)
        self.assertEqual(len(analyze["cell_letters"]), 9)
        suggest = self.assert_same_as_grpc("Suggest", {"rows": ["C..", "...", "..."], "slot": {"name": "1A"}})
        self.assertTrue(all(s["word"].startswith("C") for s in suggest["suggestions"]), suggest)
        clues = self.assert_same_as_grpc("GetClues", {"words": ["cat", "ten"]})
        self.assertEqual(clues["answers"][0]["clues"][0]["text"], "Feline friend")
        # The constructor's own clues, sent with the call: first, marked own.
        own = self.assert_same_as_grpc("GetClues", {"words": ["cat"], "own_clues": [{"answer": "cat", "clue": "Mouser"}],
                                                    "prefer_sources": ["clues.txt"]})
        self.assertEqual([(c["text"], c.get("own", False)) for c in own["answers"][0]["clues"][:2]],
                         [("Mouser", True), ("Feline friend", False)])
        # lowerCamelCase names are the JSON mapping's other spelling.
        status, camel = self.http.call("Match", {"pattern": "C.T", "minScore": 70})
        self.assertEqual((status, [w["word"] for w in camel["words"]]), (200, ["COT"]))
        # An empty body is the empty request.
        status, _, data = self.http.request("POST", "/v1/ListDictionaries", b"")
        self.assertEqual(status, 200, data)
        status, stats = self.http.call("GetServerStats")
        self.assertEqual(status, 200)
        self.assertGreaterEqual(int(stats["calls"]), 7)

    def test_get_clues_renders_the_puzzle_with_the_constructors_clues(self):
        rows = ["CAT", "ARE", "TEN"]
        status, body = self.http.call("GetClues", {
            "grid_rows": rows, "format": "PUZZLE_FORMAT_IPUZ", "title": "Tiny", "author": "Tester",
            "clues": [{"number": 1, "direction": "ACROSS", "clue": "Mouser"}]})
        self.assertEqual(status, 200, body)
        ipuz = json.loads(base64.b64decode(body["rendered"]))
        self.assertEqual(ipuz["title"], "Tiny")
        self.assertEqual(ipuz["author"], "Tester")
        across = {c[0] if isinstance(c, list) else c["number"]: c[1] if isinstance(c, list) else c["clue"]
                  for c in ipuz["clues"]["Across"]}
        self.assertEqual(across[1], "Mouser")  # the constructor's, not "Feline friend"
        self.assertEqual([c["clue"] for c in body["across"] if c["number"] == 1], ["Mouser"])
        status, body = self.http.call("GetClues", {
            "grid_rows": rows, "clues": [{"number": 9, "direction": "DOWN", "clue": "x"}]})
        self.assertEqual(status, 400)
        self.assertIn("clues[0]: the grid has no 9 Down", body["error"]["message"])

    def test_fill_streams_events_then_the_result(self):
        status, headers, lines = self.http.fill_lines(SMALL_FILL)
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("application/x-ndjson"))
        self.assertIn("result", lines[-1])
        self.assertTrue(all(set(e) <= {"progress", "found", "result"} for e in lines), lines)
        result = lines[-1]["result"]
        self.assertEqual(result["outcome"], "FILLED")
        rows = result["fills"][0]["rows"]
        self.assertEqual(rows[0][0], "C")
        for word in rows + ["".join(r[i] for r in rows) for i in range(3)]:
            self.assertIn(word, WORDS)
        # A hard fill with a short budget: progress lines on the way.
        status, _, lines = self.http.fill_lines({**HARD_FILL, "options": {"timeout_seconds": 0.8}})
        self.assertEqual(status, 200)
        self.assertGreaterEqual(sum("progress" in e for e in lines), 1, lines)
        self.assertEqual(lines[-1]["result"]["outcome"], "TIMED_OUT")
        # Optimizing streams each better fill as `found`, the best last.
        status, _, lines = self.http.fill_lines({**SMALL_FILL, "options": {
            "allow_duplicates": True, "allow": ["unclued"], "optimize": "OPTIMIZE_LOWEST_SCORE", "timeout_seconds": 10}})
        self.assertEqual(lines[-1]["result"]["outcome"], "FILLED", lines[-1])
        found = [e["found"] for e in lines if "found" in e]
        self.assertGreaterEqual(len(found), 1)
        self.assertEqual(found[-1]["rows"], lines[-1]["result"]["fills"][-1]["rows"])

    def test_errors_map_to_http_statuses(self):
        cases = [
            ("Match", "{not json", 400, "INVALID_ARGUMENT", "request body"),
            ("Match", {"pattern": "C.T", "bogus": 1}, 400, "INVALID_ARGUMENT", "bogus"),
            ("Match", {"pattern": "C.T", "limit": 10 ** 6}, 400, "INVALID_ARGUMENT", "limit"),
            ("Match", {"pattern": "C.T", "dictionary": "nope"}, 404, "NOT_FOUND", "nope"),
            ("Fill", {"rows": ["..", ".."], "dictionary": "nope"}, 404, "NOT_FOUND", "nope"),
            ("Fill", {"rows": ["#" * 65]}, 400, "INVALID_ARGUMENT", "rows"),
            ("Suggest", {"rows": ["..."], "slot": {"name": "9Z"}}, 400, "INVALID_ARGUMENT", "slot"),
            ("Frobnicate", {}, 501, "UNIMPLEMENTED", "Frobnicate"),
        ]
        for method, body, status, code, word in cases:
            with self.subTest(method=method, body=body):
                got, _, data = self.http.request("POST", "/v1/" + method, body if isinstance(body, str)
                                                 else json.dumps(body))
                error = json.loads(data)["error"]
                self.assertEqual((got, error["code"]), (status, code), error)
                self.assertIn(word, error["message"])
        got, _, data = self.http.request("POST", "/v1/Match", json.dumps({"pattern": "C.T"}),
                                         {"X-Timeout-Seconds": "soon"})
        self.assertEqual((got, json.loads(data)["error"]["code"]), (400, "INVALID_ARGUMENT"))
        got, _, data = self.http.request("GET", "/no/such/thing")
        self.assertEqual((got, json.loads(data)["error"]["code"]), (404, "NOT_FOUND"))
        got, _, data = self.http.request("POST", "/v1/Match", b"{" + b" " * (1 << 20) + b"}")
        self.assertEqual((got, json.loads(data)["error"]["code"]), (413, "RESOURCE_EXHAUSTED"))

    def test_the_page_is_served_with_its_policy(self):
        status, headers, data = self.http.request("GET", "/")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("text/html"))
        self.assertIn(b"<script type=\"module\" src=\"app.js\">", data)
        self.assertIn("default-src 'self'", headers["Content-Security-Policy"])
        for name, kind in [("/app.js", "text/javascript"), ("/grid.js", "text/javascript"),
                           ("/api.js", "text/javascript"), ("/formats.js", "text/javascript"),
                           ("/style.css", "text/css")]:
            status, headers, data = self.http.request("GET", name)
            self.assertEqual(status, 200, name)
            self.assertTrue(headers["Content-Type"].startswith(kind), name)
            self.assertGreater(len(data), 500, name)
            # Nothing is fetched from elsewhere.
            self.assertNotRegex(data.decode(), r"https?://", name)
        status, _, _ = self.http.request("GET", "/../etc/passwd")
        self.assertEqual(status, 404)
        status, _, data = self.http.request("GET", "/healthz")
        self.assertEqual((status, data), (200, b"ok\n"))


class MetricsTest(HttpTestBase):
    SERIES = re.compile(r'^([a-z_]+)(\{([a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*)\})? (-?[0-9.e+-]+|\+Inf|NaN)$')

    def parse(self, text):
        """{(name, frozenset(labels)): value}, checking every line."""
        out, typed = {}, {}
        for line in text.splitlines():
            if line.startswith("# HELP "):
                continue
            if line.startswith("# TYPE "):
                _, _, name, kind = line.split(" ")
                self.assertIn(kind, ("counter", "gauge", "histogram"))
                typed[name] = kind
                continue
            m = self.SERIES.match(line)
            self.assertIsNotNone(m, f"not a Prometheus line: {line!r}")
            name = m.group(1)
            base = re.sub(r"_(bucket|sum|count)$", "", name) if name not in typed else name
            self.assertIn(base, typed, f"{name} has no TYPE line before it")
            labels = frozenset(re.findall(r'([a-z_]+)="([^"]*)"', m.group(3) or ""))
            out[(name, labels)] = float(m.group(5))
        return out

    def test_metrics_count_calls_errors_and_latency(self):
        d = self.start()
        h = Http(d.http_port)
        for _ in range(3):
            self.assertEqual(h.call("Match", {"pattern": "C.T"})[0], 200)
        self.assertEqual(h.call("Match", {"pattern": "C.T", "dictionary": "nope"})[0], 404)
        # Refused before the method ran: counted all the same.
        self.assertEqual(h.request("POST", "/v1/Match", "{not json")[0], 400)
        self.assertEqual(h.fill_lines(SMALL_FILL)[0], 200)
        status, headers, data = h.request("GET", "/metrics")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("text/plain"))
        m = self.parse(data.decode())
        calls = lambda method, code: m.get(("xwdb_calls_total", frozenset({("method", method), ("code", code)})), 0)
        self.assertEqual(calls("Match", "OK"), 3)
        self.assertEqual(calls("Match", "NOT_FOUND"), 1)
        self.assertEqual(calls("Match", "INVALID_ARGUMENT"), 1)
        self.assertEqual(calls("Fill", "OK"), 1)
        self.assertEqual(m[("xwdb_call_errors_total", frozenset({("method", "Match"), ("code", "NOT_FOUND")}))], 1)
        buckets = sorted((float(dict(k[1])["le"]), v) for k, v in m.items()
                         if k[0] == "xwdb_call_seconds_bucket" and dict(k[1])["method"] == "Match")
        self.assertEqual(buckets[-1][0], float("inf"))
        self.assertEqual([v for _, v in buckets], sorted(v for _, v in buckets))  # cumulative
        self.assertEqual(buckets[-1][1], 5)
        self.assertEqual(m[("xwdb_call_seconds_count", frozenset({("method", "Match")}))], 5)
        self.assertEqual(m[("xwdb_fills_running", frozenset())], 0)
        self.assertEqual(m[("xwdb_fills_queued", frozenset())], 0)
        self.assertGreater(m[("xwdb_fill_nodes_total", frozenset())], 0)
        self.assertEqual(m[("xwdb_dictionary_words", frozenset({("dictionary", "small")}))], len(WORDS))
        self.assertGreaterEqual(m[("xwdb_dictionary_generation", frozenset({("dictionary", "small")}))], 1)
        self.assertEqual(m[("xwdb_dictionary_words", frozenset({("dictionary", "hard")}))], self.hard_words)


class SecurityTest(HttpTestBase):
    def test_token(self):
        token_file = os.path.join(self.tmp.name, "token")
        with open(token_file, "w") as f:
            f.write(TOKEN + "\n")
        d = self.start("--token-file", token_file)
        for token in (None, "wrong", TOKEN[:-1]):
            with self.subTest(token=token):
                status, body = Http(d.http_port, token).call("Match", {"pattern": "C.T"})
                self.assertEqual((status, body["error"]["code"]), (401, "UNAUTHENTICATED"))
                # The token is checked before the body is read.
                status, _, data = Http(d.http_port, token).request("POST", "/v1/Match", "{bad json")
                self.assertEqual(status, 401)
                status, _, _ = Http(d.http_port, token).request("GET", "/metrics")
                self.assertEqual(status, 401)
                status, _ = Http(d.http_port, token).call("Fill", SMALL_FILL)
                self.assertEqual(status, 401)
        status, body = Http(d.http_port, TOKEN).call("Match", {"pattern": "C.T"})
        self.assertEqual((status, len(body["words"])), (200, 2))
        self.assertEqual(Http(d.http_port, TOKEN).request("GET", "/metrics")[0], 200)
        # The page and the health check need no token (the page asks for it).
        self.assertEqual(Http(d.http_port).request("GET", "/")[0], 200)
        self.assertEqual(Http(d.http_port).request("GET", "/healthz")[0], 200)

    def test_cors_is_off_unless_an_origin_is_named(self):
        good, evil = "http://good.example", "http://evil.example"
        plain = self.start()
        # A page of another site may not call at all (its browser would
        # hide the answer, but the call would run).
        status, headers, _ = Http(plain.http_port).request("POST", "/v1/Match", json.dumps({"pattern": "C.T"}),
                                                          {"Origin": good})
        self.assertEqual(status, 403)
        self.assertIsNone(headers["Access-Control-Allow-Origin"])
        status, headers, _ = Http(plain.http_port).request(
            "OPTIONS", "/v1/Match", None, {"Origin": good, "Access-Control-Request-Method": "POST"})
        self.assertEqual(status, 403)
        self.assertIsNone(headers["Access-Control-Allow-Origin"])

        d = self.start("--cors-origin", good)
        status, headers, _ = Http(d.http_port).request(
            "OPTIONS", "/v1/Fill", None, {"Origin": good, "Access-Control-Request-Method": "POST",
                                          "Access-Control-Request-Headers": "authorization, content-type"})
        self.assertEqual(status, 204)
        self.assertEqual(headers["Access-Control-Allow-Origin"], good)
        self.assertIn("POST", headers["Access-Control-Allow-Methods"])
        self.assertIn("Authorization", headers["Access-Control-Allow-Headers"])
        status, headers, _ = Http(d.http_port).request("POST", "/v1/Match", json.dumps({"pattern": "C.T"}),
                                                      {"Origin": good})
        self.assertEqual((status, headers["Access-Control-Allow-Origin"]), (200, good))
        status, headers, _ = Http(d.http_port).request("POST", "/v1/Match", json.dumps({"pattern": "C.T"}),
                                                      {"Origin": evil})
        self.assertIsNone(headers["Access-Control-Allow-Origin"])
        self.assertEqual(Http(d.http_port).request("OPTIONS", "/v1/Match", None, {"Origin": evil})[0], 403)

    def test_non_loopback_needs_tls_or_insecure_and_tls_serves_https(self):
        refused = subprocess.run([XWDBD, *self.dbs, "--listen", "127.0.0.1:0", "--http", "0.0.0.0:0"],
                                 capture_output=True, text=True, timeout=60)
        self.assertEqual(refused.returncode, 1)
        self.assertIn("--http 0.0.0.0:0 is not a loopback address", refused.stderr)
        self.start("--insecure", http="0.0.0.0:0")  # starts

        cert, key = os.path.join(self.tmp.name, "c.pem"), os.path.join(self.tmp.name, "c.key")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=xwdb-test",
                        "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
        d = self.start("--tls-cert", cert, "--tls-key", key, http="0.0.0.0:0")
        context = ssl.create_default_context(cafile=cert)
        status, body = Http(d.http_port, context=context).call("Match", {"pattern": "C.T"})
        self.assertEqual((status, len(body["words"])), (200, 2))
        status, _, lines = Http(d.http_port, context=context).fill_lines(SMALL_FILL)
        self.assertEqual(lines[-1]["result"]["outcome"], "FILLED")
        # Plain HTTP to the TLS port gets no answer.
        with self.assertRaises((http.client.HTTPException, ConnectionError, OSError)):
            Http(d.http_port).call("Match", {"pattern": "C.T"})


class PoolTest(HttpTestBase):
    def pool_free_within(self, h, seconds):
        start = time.time()
        while time.time() - start < seconds:
            status, _, _ = h.fill_lines(SMALL_FILL)
            if status == 200:
                return True
            self.assertEqual(status, 429)
            time.sleep(0.01)
        return False

    def open_fill(self, h, body=HARD_FILL, headers=None):
        """A fill left streaming: (connection, response), its first line read."""
        conn = h.connect()
        conn.request("POST", "/v1/Fill", json.dumps(body), {"Content-Type": "application/json", **(headers or {})})
        res = conn.getresponse()
        self.assertEqual(res.status, 200)
        self.assertIn("progress", json.loads(res.readline()))
        return conn, res

    def test_closing_the_connection_cancels_the_fill_and_a_full_pool_is_429(self):
        d = self.start("--fill-threads", "1", "--fill-queue", "0")
        h = Http(d.http_port)
        conn, res = self.open_fill(h)
        status, body = h.call("Fill", SMALL_FILL)
        self.assertEqual((status, body["error"]["code"]), (429, "RESOURCE_EXHAUSTED"))
        started = time.time()
        res.close()
        conn.close()
        # Far below the fill's own 60 s (and loose: the machine may be busy).
        self.assertTrue(self.pool_free_within(h, 10.0), "the fill went on after its caller left")
        self.assertLess(time.time() - started, 10.0)
        m = h.request("GET", "/metrics")[2].decode()
        self.assertIn('xwdb_calls_total{method="Fill",code="CANCELLED"} 1', m)
        self.assertIn('xwdb_calls_total{method="Fill",code="RESOURCE_EXHAUSTED"}', m)

    def test_deadline_is_504_and_stopping_is_503(self):
        d = self.start("--fill-threads", "1", "--fill-queue", "1", "--grace", "2")
        h = Http(d.http_port)
        conn, res = self.open_fill(h)
        # Queued behind the running fill until its deadline passes.
        started = time.time()
        status, body = h.call("Fill", SMALL_FILL, {"X-Timeout-Seconds": "0.5"})
        self.assertEqual((status, body["error"]["code"]), (504, "DEADLINE_EXCEEDED"), body)
        self.assertLess(time.time() - started, 10)

        # SIGTERM: new calls are refused while the running fill has its grace,
        # then the fill is cancelled and its stream ends with the error.
        d.process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        status, body = h.call("Match", {"pattern": "C.T"})
        self.assertEqual((status, body["error"]["code"]), (503, "UNAVAILABLE"))
        self.assertEqual(h.request("GET", "/healthz")[0], 503)
        rest = [json.loads(line) for line in res.read().decode().splitlines() if line.strip()]
        self.assertIn("error", rest[-1], rest[-3:])
        self.assertEqual(rest[-1]["error"]["code"], "CANCELLED")
        conn.close()
        self.assertEqual(d.process.wait(timeout=30), 0)


if __name__ == "__main__":
    unittest.main()
