#!/usr/bin/env python3
"""xwdbd's word lists on a disk that fills up (scripts/reliability.sh,
section 2c: run as root, on a tmpfs it mounts). Each step prints its
answer; the script exits 1 if a step answers otherwise than promised
(docs/word_lists.md): a write to a full disk is RESOURCE_EXHAUSTED naming the
disk, never the path; the daemon still answers; it restarts on the full disk
with its lists; once there is room the same call succeeds without a restart;
a restart after that finds every list whole.

Usage: lists_full_disk.py XWDB XWDBD PROTO_DIR MOUNTED_DIR
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import grpc_attack  # noqa: E402
import xwdbd_fixture  # noqa: E402


def main():
    xwdb, xwdbd, proto, mnt = sys.argv[1:5]
    import grpc
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        xwdbd_fixture.generate_stubs(proto, tmp)
        from xwdb.v1 import xwdb_pb2, xwdb_pb2_grpc
        db = grpc_attack.make_dictionary(xwdb, tmp, 20000)
        lists = os.path.join(mnt, "lists")
        daemons = xwdbd_fixture.Daemons(xwdbd, tmp)

        def start():
            d = daemons.start(["--db", "en=" + db, "--call-log", "off", "--lists", lists], http=None)
            return d, xwdb_pb2_grpc.XwdbStub(grpc.insecure_channel(d.address))

        def put(stub, name, n):
            entries = [xwdb_pb2.WordListEntry(word=w, score=50, clue="a clue long enough to take room")
                       for w in grpc_attack.random_words(n, seed=n)]
            try:
                return "OK", stub.PutWordList(xwdb_pb2.PutWordListRequest(name=name, entries=entries),
                                              timeout=60).entries
            except grpc.RpcError as e:
                return e.code().name, e.details()

        try:
            d, stub = start()
            print("a list on an empty disk:", put(stub, "first", 2000))
            subprocess.run(["dd", "if=/dev/zero", "of=" + os.path.join(mnt, "fill"), "bs=64k"],
                           stderr=subprocess.DEVNULL, check=False)
            answers = [put(stub, "big", 60000) for _ in range(3)]
            print("a 60,000-entry list on the full disk, 3 times:", answers)
            for code, detail in answers:
                if code != "OK" and (code != "RESOURCE_EXHAUSTED" or "disk" not in detail or mnt in detail):
                    bad.append("full disk answer")
            if all(code == "OK" for code, _ in answers):
                bad.append("the disk never filled")
            total = stub.Match(xwdb_pb2.MatchRequest(pattern="A....", limit=1), timeout=10).total
            print("a Match meanwhile:", total)
            d.stop()
            d, stub = start()
            names = sorted(v.name for v in stub.ListWordLists(xwdb_pb2.ListWordListsRequest(), timeout=10).lists)
            print("restarted on the full disk, its lists:", names)
            if "first" not in names:
                bad.append("restart on a full disk")
            os.remove(os.path.join(mnt, "fill"))
            room = put(stub, "big", 60000)
            print("room again, the same call:", room)
            if room[0] != "OK":
                bad.append("room again")
            d.stop()
            d, stub = start()
            kept = sorted((v.name, v.entries) for v in
                          stub.ListWordLists(xwdb_pb2.ListWordListsRequest(), timeout=10).lists)
            print("restarted:", kept)
            if kept != [("big", 60000), ("first", 2000)]:
                bad.append("lists after the restart")
        finally:
            daemons.stop_all()
    if bad:
        sys.exit("lists on a full disk: FAILED: " + ", ".join(bad))


if __name__ == "__main__":
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    main()
