#!/usr/bin/env python3
"""A client the project did not write: Python's grpcio, with code generated
from proto/ by grpc_tools, calls a real xwdbd (Match, Fill, an error).

Usage: python_client_test.py XWDB XWDBD PROTO_DIR
"""
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

XWDB, XWDBD, PROTO_DIR = sys.argv[1:4]
del sys.argv[1:4]


class PythonClientTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        tmp = cls.tmp.name
        subprocess.run([sys.executable, "-m", "grpc_tools.protoc", "-I", PROTO_DIR, "--python_out", tmp,
                        "--grpc_python_out", tmp, "xwdb/v1/xwdb.proto"], check=True)
        sys.path.insert(0, tmp)
        words = os.path.join(tmp, "words.txt")
        with open(words, "w") as f:
            f.write("cat;60\ncot;80\nare;50\nten;40\nace;70\ntoe;30\nate;20\neon;90\n")
        db = os.path.join(tmp, "db")
        subprocess.run([XWDB, "import", "--db", db, "--format", "scored", words], check=True,
                       stdout=subprocess.DEVNULL)
        port_file = os.path.join(tmp, "port")
        cls.log = open(os.path.join(tmp, "xwdbd.log"), "w")
        cls.daemon = subprocess.Popen([XWDBD, "--db", "small=" + db, "--listen", "127.0.0.1:0",
                                       "--port-file", port_file], stderr=cls.log)
        deadline = time.time() + 60
        while not os.path.exists(port_file):
            if cls.daemon.poll() is not None or time.time() > deadline:
                raise RuntimeError("xwdbd did not start")
            time.sleep(0.02)
        with open(port_file) as f:
            cls.address = "127.0.0.1:" + f.read().strip()

    @classmethod
    def tearDownClass(cls):
        cls.daemon.send_signal(signal.SIGTERM)
        cls.daemon.wait(timeout=30)
        cls.log.close()
        cls.tmp.cleanup()

    def stub(self):
        import grpc
        from xwdb.v1 import xwdb_pb2_grpc
        return xwdb_pb2_grpc.XwdbStub(grpc.insecure_channel(self.address))

    def test_match(self):
        from xwdb.v1 import xwdb_pb2
        r = self.stub().Match(xwdb_pb2.MatchRequest(pattern="c.t"), timeout=10)
        self.assertEqual([w.word for w in r.words], ["COT", "CAT"])
        self.assertEqual(r.words[0].score, 80)
        self.assertEqual(r.total, 2)

    def test_fill_streams_a_result(self):
        from xwdb.v1 import xwdb_pb2
        request = xwdb_pb2.FillRequest(rows=["c..", "...", "..n"],
                                       options=xwdb_pb2.FillOptions(allow_duplicates=True, seed=1))
        events = list(self.stub().Fill(request, timeout=30))
        self.assertTrue(events[-1].HasField("result"))
        result = events[-1].result
        self.assertEqual(result.outcome, xwdb_pb2.FILLED)
        self.assertEqual(result.fills[0].rows[0], "CAT")
        self.assertEqual(result.fills[0].rows[2], "TEN")

    def test_bad_pattern_is_invalid_argument(self):
        import grpc
        from xwdb.v1 import xwdb_pb2
        with self.assertRaises(grpc.RpcError) as caught:
            self.stub().Match(xwdb_pb2.MatchRequest(pattern="c[t"), timeout=10)
        self.assertEqual(caught.exception.code(), grpc.StatusCode.INVALID_ARGUMENT)
        self.assertTrue(caught.exception.details().startswith("pattern:"))


if __name__ == "__main__":
    unittest.main()
