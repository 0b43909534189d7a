#!/usr/bin/env python3
"""A client the project did not write: Python's grpcio, with code generated
from proto/ by grpc_tools, calls a real xwdbd (Match, Fill, an error).

Usage: python_client_test.py XWDB XWDBD PROTO_DIR
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xwdbd_fixture  # noqa: E402

XWDB, XWDBD, PROTO_DIR = sys.argv[1:4]
del sys.argv[1:4]


class PythonClientTest(xwdbd_fixture.SmallDaemonTest):
    XWDB, XWDBD, PROTO_DIR = XWDB, XWDBD, PROTO_DIR
    SCORED_WORDS = "cat;60\ncot;80\nare;50\nten;40\nace;70\ntoe;30\nate;20\neon;90\n"

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
