#!/usr/bin/env python3
"""The daemon's security rules, checked from a client the project did not
write (Python's grpcio) against a real xwdbd on 127.0.0.1:

- a wrong or missing token gets UNAUTHENTICATED on every method of the
  service (the list comes from the proto, so a new method is covered), and
  the standard health check answers without one, by design;
- oversized messages are refused by the transport before any handler runs
  (the daemon's call counter does not move), and oversized grids, patterns
  and puzzle files are refused with a message naming the field;
- a dictionary name never reaches a path, in a call or on the command line;
- plaintext on a non-loopback address is refused at start;
- with TLS (a certificate for 127.0.0.1 made here with openssl), a client
  that trusts the certificate gets answers, from Python and from
  xwdb-client; a plaintext client, or one that trusts another certificate,
  gets nothing and no handler runs; with TLS the daemon may listen on every
  interface.

Usage: security_test.py XWDB XWDBD PROTO_DIR XWDB_CLIENT
"""
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xwdbd_fixture  # noqa: E402

XWDB, XWDBD, PROTO_DIR, XWDB_CLIENT = sys.argv[1:5]
del sys.argv[1:5]
TOKEN = "a-long-enough-secret-0123456789"


def prepare(tmp):
    """Stubs, a four-word dictionary and a token file in `tmp`: (db, token file)."""
    xwdbd_fixture.generate_stubs(PROTO_DIR, tmp)
    db = xwdbd_fixture.make_dictionary(XWDB, tmp, "cat;60\ncot;80\nten;40\nace;70\n")
    token_file = os.path.join(tmp, "token")
    with open(token_file, "w") as f:
        f.write(TOKEN + "\n")
    return db, token_file


class SecurityTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.db, token_file = prepare(cls.tmp.name)
        cls.daemon = xwdbd_fixture.Daemon(XWDBD, cls.tmp.name,
                                          ["--db", "small=" + cls.db, "--token-file", token_file])
        import grpc
        cls.channel = grpc.insecure_channel(cls.daemon.address)

    @classmethod
    def tearDownClass(cls):
        cls.channel.close()
        cls.daemon.stop()
        cls.tmp.cleanup()

    def raw_call(self, method, payload, token=None, streaming=False):
        """Calls `method` with raw request bytes; returns the response bytes
        (or the list of them) or raises grpc.RpcError."""
        identity = lambda b: b  # noqa: E731
        make = self.channel.unary_stream if streaming else self.channel.unary_unary
        call = make(method, request_serializer=identity, response_deserializer=identity)
        metadata = [("authorization", "Bearer " + token)] if token is not None else None
        result = call(payload, metadata=metadata, timeout=30)
        return list(result) if streaming else result

    def code_of(self, *args, **kwargs):
        import grpc
        try:
            self.raw_call(*args, **kwargs)
        except grpc.RpcError as e:
            return e.code(), e.details()
        return grpc.StatusCode.OK, ""

    def methods(self):
        from xwdb.v1 import xwdb_pb2
        service = xwdb_pb2.DESCRIPTOR.services_by_name["Xwdb"]
        return [("/%s/%s" % (service.full_name, m.name), m.server_streaming) for m in service.methods]

    def stub(self):
        from xwdb.v1 import xwdb_pb2_grpc
        return xwdb_pb2_grpc.XwdbStub(self.channel)

    def authorized(self):
        return [("authorization", "Bearer " + TOKEN)]

    def calls_so_far(self):
        from xwdb.v1 import xwdb_pb2
        return self.stub().GetServerStats(xwdb_pb2.GetServerStatsRequest(), metadata=self.authorized()).calls

    def test_every_method_needs_the_token(self):
        import grpc
        methods = self.methods()
        self.assertGreaterEqual(len(methods), 5)
        for method, streaming in methods:
            for token in (None, "", "wrong", TOKEN[:-1], TOKEN + "x"):
                with self.subTest(method=method, token=token):
                    code, _ = self.code_of(method, b"", token=token, streaming=streaming)
                    self.assertEqual(code, grpc.StatusCode.UNAUTHENTICATED)
        # With the token, the same empty requests get through the check.
        for method, streaming in methods:
            with self.subTest(method=method, token="right"):
                code, _ = self.code_of(method, b"", token=TOKEN, streaming=streaming)
                self.assertNotEqual(code, grpc.StatusCode.UNAUTHENTICATED)

    def test_health_answers_without_the_token(self):
        # grpc.health.v1.HealthCheckResponse{status: SERVING} is 08 01.
        self.assertEqual(self.raw_call("/grpc.health.v1.Health/Check", b""), b"\x08\x01")

    def test_oversized_messages_are_refused_before_any_work(self):
        import grpc
        from xwdb.v1 import xwdb_pb2
        before = self.calls_so_far()
        # A message over 16 MiB (the most a call carrying whole word lists
        # needs) is refused by the transport.
        big = xwdb_pb2.MatchRequest(pattern="a" * (17 << 20)).SerializeToString()
        code, _ = self.code_of("/xwdb.v1.Xwdb/Match", big, token=TOKEN)
        self.assertEqual(code, grpc.StatusCode.RESOURCE_EXHAUSTED)
        fill = xwdb_pb2.FillRequest(rows=["." * 200] * 90000).SerializeToString()
        code, _ = self.code_of("/xwdb.v1.Xwdb/Fill", fill, token=TOKEN, streaming=True)
        self.assertEqual(code, grpc.StatusCode.RESOURCE_EXHAUSTED)
        # Only the two GetServerStats calls of this test reached a handler.
        self.assertEqual(self.calls_so_far(), before + 1)

    def test_oversized_fields_name_the_field(self):
        import grpc
        from xwdb.v1 import xwdb_pb2
        stub = self.stub()
        cases = [
            (stub.Match, xwdb_pb2.MatchRequest(pattern="." * 5000), "pattern:"),
            (stub.Match, xwdb_pb2.MatchRequest(pattern="c.t", limit=10 ** 6), "limit:"),
            (stub.Fill, xwdb_pb2.FillRequest(rows=["..."] * 65), "rows:"),
            (stub.Fill, xwdb_pb2.FillRequest(rows=["." * 300]), "rows[0]:"),
            (stub.Fill, xwdb_pb2.FillRequest(puzzle="." * (300 << 10)), "puzzle:"),
            (stub.GetClues, xwdb_pb2.GetCluesRequest(words=["cat"] * 1001), "words:"),
            # Values the proto does not define are refused, not taken for a
            # default.
            (stub.GetClues, xwdb_pb2.GetCluesRequest(words=["cat"], policy=9), "policy:"),
            (stub.GetClues, xwdb_pb2.GetCluesRequest(grid_rows=["cat"], format=42), "format:"),
            (stub.Fill, xwdb_pb2.FillRequest(options=xwdb_pb2.FillOptions(sat=7), rows=["..."]), "options.sat:"),
            # Rows of a request are all as long (a text file's are padded).
            (stub.Fill, xwdb_pb2.FillRequest(rows=["...", ".."]), "rows[1]:"),
        ]
        for method, request, field in cases:
            with self.subTest(field=field):
                with self.assertRaises(grpc.RpcError) as caught:
                    result = method(request, metadata=self.authorized(), timeout=30)
                    if not hasattr(result, "words"):
                        list(result)  # a stream
                self.assertEqual(caught.exception.code(), grpc.StatusCode.INVALID_ARGUMENT)
                self.assertTrue(caught.exception.details().startswith(field), caught.exception.details())

    def test_a_dictionary_name_never_reaches_a_path(self):
        import grpc
        from xwdb.v1 import xwdb_pb2
        for name in ("../small", "/etc/passwd", self.db, "small/..", "small\x00", ".", "~"):
            with self.subTest(name=name):
                with self.assertRaises(grpc.RpcError) as caught:
                    self.stub().Match(xwdb_pb2.MatchRequest(dictionary=name, pattern="c.t"),
                                      metadata=self.authorized(), timeout=30)
                self.assertEqual(caught.exception.code(), grpc.StatusCode.NOT_FOUND)
        for name in ("../x", "a/b", "", "x" * 65):
            with self.subTest(command_line=name):
                r = subprocess.run([XWDBD, "--db", name + "=" + self.db, "--listen", "127.0.0.1:0"],
                                   capture_output=True, text=True, timeout=60)
                self.assertEqual(r.returncode, 1)
                self.assertIn("dictionary name", r.stderr)

    def test_plaintext_beyond_loopback_is_refused(self):
        for address in ("0.0.0.0:0", "[::]:0", "192.0.2.1:7411", "example.com:7411"):
            with self.subTest(address=address):
                r = subprocess.run([XWDBD, "--db", "small=" + self.db, "--listen", address],
                                   capture_output=True, text=True, timeout=60)
                self.assertEqual(r.returncode, 1)
                self.assertIn("not a loopback address", r.stderr)

    def test_a_start_that_would_weaken_it_is_refused(self):
        """Each of these once started a daemon: with auth off (no users), on a
        port other than the one given, or beside another daemon on its port."""
        tmp = self.tmp.name
        def write(name, data):
            path = os.path.join(tmp, name)
            with open(path, "wb") as f:
                f.write(data)
            return path
        os.makedirs(os.path.join(tmp, "a-directory"), exist_ok=True)
        cases = [
            (["--listen", "127.0.0.1:99999"], "--listen 127.0.0.1:99999: expected HOST:PORT"),
            (["--listen", "127.0.0.1:abc"], "expected HOST:PORT"),
            (["--listen", "127.0.0.1:0", "--http", "127.0.0.1:-1"], "--http 127.0.0.1:-1: expected HOST:PORT"),
            (["--listen", "127.0.0.1:0", "--users-file", write("no-users", b"# nobody yet\n\n")], "no users in it"),
            (["--listen", "127.0.0.1:0", "--users-file", os.path.join(tmp, "a-directory")], "a directory"),
            (["--listen", "127.0.0.1:0", "--token-file", write("short", b"abc\n")], "16 characters or more"),
            (["--listen", "127.0.0.1:0", "--token-file", write("control", b"abcdefgh\x01ijklmnopq\n")],
             "printable ASCII"),
            (["--listen", "127.0.0.1:0", "--port-file", os.path.join(tmp, "no-such-dir", "port")],
             "--port-file " + os.path.join(tmp, "no-such-dir", "port") + ": cannot write it"),
            (["--listen", self.daemon.address], "cannot listen on " + self.daemon.address),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                r = subprocess.run([XWDBD, "--db", "small=" + self.db, *args], capture_output=True, text=True,
                                   timeout=30)
                self.assertEqual(r.returncode, 1, r.stderr)
                self.assertIn(message, r.stderr)


def make_certificate(tmp, name):
    """A self-signed certificate for 127.0.0.1 (its own root) and its key."""
    cert, key = os.path.join(tmp, name + ".pem"), os.path.join(tmp, name + ".key")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=" + name,
                    "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    return cert, key


class TlsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.db, cls.token_file = prepare(cls.tmp.name)
        cls.cert, cls.key = make_certificate(cls.tmp.name, "xwdbd")
        cls.other_cert, _ = make_certificate(cls.tmp.name, "stranger")
        cls.daemon = cls.start_daemon(cls.tmp.name, "127.0.0.1:0")

    @classmethod
    def start_daemon(cls, tmp, listen):
        return xwdbd_fixture.Daemon(XWDBD, tmp, ["--db", "small=" + cls.db, "--token-file", cls.token_file,
                                                 "--tls-cert", cls.cert, "--tls-key", cls.key], listen=listen)

    @classmethod
    def tearDownClass(cls):
        cls.daemon.stop()
        cls.tmp.cleanup()

    def channel(self, root_cert, address=None):
        """A channel to `address` (the shared daemon's by default): plaintext
        if root_cert is None, else TLS trusting root_cert."""
        import grpc
        address = address or self.daemon.address
        if root_cert is None:
            return grpc.insecure_channel(address)
        with open(root_cert, "rb") as f:
            return grpc.secure_channel(address, grpc.ssl_channel_credentials(root_certificates=f.read()))

    def match(self, root_cert, pattern="c.t", address=None):
        from xwdb.v1 import xwdb_pb2, xwdb_pb2_grpc
        with self.channel(root_cert, address) as channel:
            reply = xwdb_pb2_grpc.XwdbStub(channel).Match(
                xwdb_pb2.MatchRequest(pattern=pattern), metadata=[("authorization", "Bearer " + TOKEN)], timeout=30)
            return [w.word for w in reply.words]

    def calls_so_far(self):
        from xwdb.v1 import xwdb_pb2, xwdb_pb2_grpc
        with self.channel(self.cert) as channel:
            return xwdb_pb2_grpc.XwdbStub(channel).GetServerStats(
                xwdb_pb2.GetServerStatsRequest(), metadata=[("authorization", "Bearer " + TOKEN)], timeout=30).calls

    def test_a_client_that_trusts_the_certificate_gets_answers(self):
        self.assertEqual(self.match(self.cert), ["COT", "CAT"])

    def test_plaintext_and_untrusted_clients_get_nothing(self):
        import grpc
        before = self.calls_so_far()
        for root_cert in (None, self.other_cert):
            with self.subTest(root_cert=root_cert):
                with self.assertRaises(grpc.RpcError) as caught:
                    self.match(root_cert)
                self.assertEqual(caught.exception.code(), grpc.StatusCode.UNAVAILABLE)
        # Only this test's second stats call reached a handler.
        self.assertEqual(self.calls_so_far(), before + 1)

    def test_the_project_client_over_tls(self):
        common = ["--server", self.daemon.address, "--token-file", self.token_file]
        r = subprocess.run([XWDB_CLIENT, "match", "c.t", *common, "--ca-cert", self.cert],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual([line.split()[0] for line in r.stdout.splitlines()], ["COT", "CAT"], r.stdout)
        for flags in ([], ["--ca-cert", self.other_cert]):
            with self.subTest(flags=flags):
                r = subprocess.run([XWDB_CLIENT, "match", "c.t", *common, "--deadline", "10", *flags],
                                   capture_output=True, text=True, timeout=60)
                self.assertNotEqual(r.returncode, 0)
                self.assertNotIn("COT", r.stdout)
                self.assertTrue(r.stderr.strip(), "a failure without a message")

    def test_with_tls_the_daemon_may_listen_on_every_interface(self):
        # It binds every interface; the call still goes to 127.0.0.1.
        tmp = os.path.join(self.tmp.name, "wide")
        os.mkdir(tmp)
        daemon = self.start_daemon(tmp, "0.0.0.0:0")
        try:
            self.assertEqual(self.match(self.cert, "t.n", daemon.address), ["TEN"])
        finally:
            daemon.stop()

if __name__ == "__main__":
    unittest.main()
