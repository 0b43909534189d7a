#!/usr/bin/env python3
"""Attacks on xwdbd's gRPC face, each bounded in count and time and aimed
only at 127.0.0.1. Each function returns its figures as a dict;
hostile_grpc_test.py runs them shortened with assertions, and
`grpc_attack.py --full XWDB XWDBD PROTO_DIR` (scripts/reliability.sh) runs
them at full length and prints the figures.

- heavy MatchMany calls that leave at their deadline or are cancelled: how
  long the daemon goes on working after, and how fast health checks and
  other Match calls are answered meanwhile;
- unauthenticated HTTP/2 streams, each with most of a declared 1 MB
  message (raw frames, no gRPC client): the daemon's memory, and whether
  each stream is answered before its message is complete;
- fill streams nobody reads: how long until another client can fill;
- SIGTERM with heavy calls running: time to exit, and the health watch's
  NOT_SERVING;
- one user editing a big word list as fast as the daemon answers: another
  user's Match latency (p50, p99) before and during.
"""
import os
import random
import signal
import socket
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import xwdbd_fixture  # noqa: E402

TOKEN = "grpc-attack-token-0123456789"


def make_dictionary(xwdb, tmp, count):
    """`count` seeded random words of 5 to 12 letters: every MatchMany query
    with two stars verifies each of them."""
    rng = random.Random(7)
    words = {"".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 12)))
             for _ in range(count)}
    path = os.path.join(tmp, f"words{count}.txt")
    with open(path, "w") as f:
        f.write("".join(f"{w};{rng.randint(30, 90)}\n" for w in sorted(words)))
    db = os.path.join(tmp, f"words{count}.db")
    if not os.path.exists(db):
        subprocess.run([xwdb, "import", "--db", db, "--format", "scored", path], check=True,
                       stdout=subprocess.DEVNULL)
    return db


def make_fill_dictionary(xwdb, tmp):
    """Every word of 3 and 4 letters over A-D: an open 4x4 has 4^16 fills,
    so an enumeration streams fills as fast as its client reads."""
    import itertools
    path = os.path.join(tmp, "abcd.txt")
    with open(path, "w") as f:
        for n in (3, 4):
            f.write("".join("".join(p) + "\n" for p in itertools.product("abcd", repeat=n)))
    db = os.path.join(tmp, "abcd.db")
    if not os.path.exists(db):
        subprocess.run([xwdb, "import", "--db", db, "--format", "plain", path], check=True,
                       stdout=subprocess.DEVNULL)
    return db


def token_file(tmp):
    path = os.path.join(tmp, "token")
    with open(path, "w") as f:
        f.write(TOKEN + "\n")
    return path


def cpu_seconds(pid):
    """User and system CPU seconds of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


AUTH = [("authorization", "Bearer " + TOKEN)]


def heavy_match_many(queries=1000):
    """A legal MatchMany that verifies every word once per query."""
    from xwdb.v1 import xwdb_pb2
    return xwdb_pb2.MatchManyRequest(queries=[xwdb_pb2.MatchRequest(pattern="*A*E*", limit=1)
                                              for _ in range(queries)])


def health_check(channel, timeout=5):
    """Seconds the standard health check took (it needs no token), or None
    if it failed."""
    import grpc
    call = channel.unary_unary("/grpc.health.v1.Health/Check", request_serializer=lambda b: b,
                               response_deserializer=lambda b: b)
    start = time.monotonic()
    try:
        call(b"", timeout=timeout)
    except grpc.RpcError:
        return None
    return time.monotonic() - start


def abandoned_calls(address, pid, calls=2, deadline=0.5, queries=1000, probes=10):
    """`calls` heavy MatchMany calls that leave at `deadline` (plus one
    cancelled by its client), then health checks and quick Match calls.
    Returns the codes, the daemon's CPU seconds in the second after the
    callers left, and the slowest health check and Match while they ran."""
    import grpc
    from xwdb.v1 import xwdb_pb2, xwdb_pb2_grpc
    channel = grpc.insecure_channel(address)
    stub = xwdb_pb2_grpc.XwdbStub(channel)
    request = heavy_match_many(queries)
    codes = []
    threads = []

    def one():
        try:
            stub.MatchMany(request, metadata=AUTH, timeout=deadline)
            codes.append("OK")
        except grpc.RpcError as e:
            codes.append(e.code().name)

    for _ in range(calls):
        threads.append(threading.Thread(target=one))
        threads[-1].start()
    cancelled = stub.MatchMany.future(request, metadata=AUTH)
    time.sleep(deadline / 2)
    cancelled.cancel()
    slowest_health, slowest_match = 0.0, 0.0
    for _ in range(probes):
        h = health_check(channel)
        slowest_health = max(slowest_health, h if h is not None else 99.0)
        start = time.monotonic()
        try:
            stub.Match(xwdb_pb2.MatchRequest(pattern="A....", limit=5), metadata=AUTH, timeout=5)
            slowest_match = max(slowest_match, time.monotonic() - start)
        except grpc.RpcError:
            slowest_match = 99.0
    for t in threads:
        t.join()
    # The callers are gone: the work stops at the end of the query each
    # call is on (milliseconds; a few hundred under ThreadSanitizer). A
    # second later the daemon should be idle; the old one worked on for
    # seconds.
    time.sleep(1.0)
    before = cpu_seconds(pid)
    time.sleep(1.0)
    after = cpu_seconds(pid)
    channel.close()
    return {"codes": codes, "cpu_after_seconds": after - before, "slowest_health_seconds": slowest_health,
            "slowest_match_seconds": slowest_match}


# --- raw HTTP/2: what a client that is not gRPC can send ---

def _frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def _literal(name, value):
    """An HPACK literal header field without indexing, new name, no Huffman
    (names and values under 127 bytes)."""
    name, value = name.encode(), value.encode()
    return b"\x00" + bytes([len(name)]) + name + bytes([len(value)]) + value


def _headers(path, token=None):
    block = b"".join(_literal(n, v) for n, v in [
        (":method", "POST"), (":scheme", "http"), (":path", path), (":authority", "127.0.0.1"),
        ("content-type", "application/grpc"), ("te", "trailers")])
    if token:
        block += _literal("authorization", "Bearer " + token)
    return block


class _Reader(threading.Thread):
    """Reads a connection's frames: the server's settings, and the streams
    it answered (HEADERS ending the stream, or RST_STREAM)."""

    def __init__(self, sock):
        super().__init__(daemon=True)
        self.sock, self.answered, self.settings, self.closed = sock, set(), {}, False
        self.settings_seen = threading.Event()
        self.goaway = None
        self.stopping = False
        self.send_lock = threading.Lock()  # frames from two threads must not interleave
        # Flow control, as the daemon grants it: the connection's window and
        # each stream's (HTTP/2 starts both at 65,535 bytes).
        self.window = threading.Condition()
        self.connection_window = 65535
        self.stream_windows = {}

    def send(self, data):
        with self.send_lock:
            self.sock.sendall(data)

    def send_data(self, stream, chunk, timeout):
        """One DATA frame once the windows allow it; False if they did not
        within `timeout` (the daemon stopped reading) or the connection ended."""
        with self.window:
            initial = self.settings.get(4, 65535)
            ok = self.window.wait_for(lambda: self.closed or (
                self.connection_window >= len(chunk) and self.stream_windows.get(stream, initial) >= len(chunk)),
                timeout)
            if not ok or self.closed:
                return False
            self.connection_window -= len(chunk)
            self.stream_windows[stream] = self.stream_windows.get(stream, initial) - len(chunk)
        self.send(_frame(0, 0, stream, chunk))
        return True

    def read_exact(self, n):
        data = b""
        while len(data) < n:
            try:
                chunk = self.sock.recv(n - len(data))
            except socket.timeout:
                if self.stopping:
                    raise ConnectionError("stopped")
                continue  # an idle connection, not a closed one
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    def run(self):
        try:
            while True:
                head = self.read_exact(9)
                length = int.from_bytes(head[:3], "big")
                kind, flags = head[3], head[4]
                stream = int.from_bytes(head[5:9], "big") & 0x7FFFFFFF
                payload = self.read_exact(length)
                if kind == 4 and not flags & 1:  # SETTINGS, not an ACK
                    for i in range(0, len(payload), 6):
                        self.settings[int.from_bytes(payload[i:i + 2], "big")] = int.from_bytes(
                            payload[i + 2:i + 6], "big")
                    self.send(_frame(4, 1, 0))
                    self.settings_seen.set()
                elif (kind == 1 and flags & 1) or kind == 3:
                    self.answered.add(stream)
                elif kind == 8:  # WINDOW_UPDATE
                    with self.window:
                        grant = int.from_bytes(payload[:4], "big") & 0x7FFFFFFF
                        if stream == 0:
                            self.connection_window += grant
                        else:
                            self.stream_windows[stream] = self.stream_windows.get(
                                stream, self.settings.get(4, 65535)) + grant
                        self.window.notify_all()
                elif kind == 7:  # GOAWAY: last stream, error code
                    self.goaway = (int.from_bytes(payload[:4], "big") & 0x7FFFFFFF,
                                   int.from_bytes(payload[4:8], "big"), payload[8:])
        except (OSError, ConnectionError):
            with self.window:
                self.closed = True
                self.window.notify_all()
            self.settings_seen.set()


def unauthenticated_streams(port, pid, connections=4, streams=200, sent=60 * 1024, declared=1000000,
                            seconds=20, token=None):
    """`connections` raw HTTP/2 connections, each opening `streams` Match
    streams without a token whose gRPC message declares `declared` bytes
    and sends `sent`. Returns the daemon's memory before, at its peak and
    after, the streams answered before their message was complete, and the
    server's MAX_CONCURRENT_STREAMS. The client keeps to the windows the
    daemon grants, and stops a connection when they stay shut."""
    start_rss = rss_mib(pid)
    peak = start_rss
    socks, readers = [], []
    body = struct.pack(">BI", 0, declared) + b"\x00" * sent
    deadline = time.monotonic() + seconds
    opened = 0
    for _ in range(connections):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + _frame(4, 0, 0))
        r = _Reader(s)
        r.start()
        r.settings_seen.wait(5)
        socks.append(s)
        readers.append(r)
    max_streams = readers[0].settings.get(3)
    sent_per_connection = []
    for s, r in zip(socks, readers):
        sent_per_connection.append(0)
        s.settimeout(2)
        for i in range(streams):
            if time.monotonic() > deadline or r.closed:
                break
            stream = 2 * i + 1
            try:
                r.send(_frame(1, 4, stream, _headers("/xwdb.v1.Xwdb/Match", token)))
                opened += 1
                sent_per_connection[-1] += 1
                for off in range(0, len(body), 16384):  # DATA, never ending the stream
                    if not r.send_data(stream, body[off:off + 16384], timeout=2):
                        raise OSError("the daemon's windows stayed shut")
            except OSError:
                break  # flow control stopped us: the daemon buffers no more
            if i % 20 == 0:
                peak = max(peak, rss_mib(pid))
    wait_until = time.monotonic() + 3
    while time.monotonic() < wait_until and sum(len(r.answered) for r in readers) < opened:
        time.sleep(0.1)
    time.sleep(0.5)
    peak = max(peak, rss_mib(pid))
    answered = sum(len(r.answered) for r in readers)
    # A stream is held when the daemon neither answered it nor closed its
    # connection: it would be waiting for the rest of its message.
    held = sum(sent_on - len(r.answered) for r, sent_on in zip(readers, sent_per_connection) if not r.closed)
    closed = sum(1 for r in readers if r.closed)
    for r in readers:
        r.stopping = True
    for s in socks:
        s.close()
    time.sleep(1.0)
    return {"streams_sent": opened, "answered_early": answered, "held_waiting": held,
            "connections_closed_by_daemon": closed, "rss_start_mib": start_rss, "rss_peak_mib": peak,
            "rss_after_mib": rss_mib(pid), "max_concurrent_streams": max_streams}


def unread_fill_streams(address, streams=2, timeout_seconds=5.0, wait_limit=30.0):
    """`streams` enumerating fills of an open 4x4 whose clients never read
    (on make_fill_dictionary's words),
    then a fill from another client every 0.25 s until one is answered.
    Returns the seconds until then (None: not within wait_limit) and the
    refusals before."""
    import grpc
    from xwdb.v1 import xwdb_pb2, xwdb_pb2_grpc
    hogs = []
    for _ in range(streams):
        ch = grpc.insecure_channel(address)
        stub = xwdb_pb2_grpc.XwdbStub(ch)
        request = xwdb_pb2.FillRequest(rows=["...."] * 4, options=xwdb_pb2.FillOptions(timeout_seconds=timeout_seconds),
                                       enumerate=xwdb_pb2.Enumeration(goal=xwdb_pb2.ENUMERATE_FILLS,
                                                                      max_fills=100000))
        hogs.append((ch, stub.Fill(request, metadata=AUTH)))  # never read
    time.sleep(0.5)
    channel = grpc.insecure_channel(address)
    stub = xwdb_pb2_grpc.XwdbStub(channel)
    start = time.monotonic()
    refused = 0
    answered_after = None
    while time.monotonic() - start < wait_limit:
        try:
            events = list(stub.Fill(xwdb_pb2.FillRequest(rows=["..", ".."]), metadata=AUTH, timeout=5))
            if events and events[-1].HasField("result"):
                answered_after = time.monotonic() - start
                break
        except grpc.RpcError as e:
            if e.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
                raise
            refused += 1
        time.sleep(0.25)
    for ch, call in hogs:
        call.cancel()
        ch.close()
    channel.close()
    return {"answered_after_seconds": answered_after, "refused_before": refused}


def sigterm_with_heavy_calls(daemon, grace, calls=4, queries=1000):
    """SIGTERM while `calls` heavy MatchMany calls (no deadline) run and a
    health watch is open. Returns the seconds to exit and to the watch's
    NOT_SERVING (None if it never came)."""
    import grpc
    from xwdb.v1 import xwdb_pb2_grpc
    channel = grpc.insecure_channel(daemon.address)
    stub = xwdb_pb2_grpc.XwdbStub(channel)
    request = heavy_match_many(queries)
    futures = [stub.MatchMany.future(request, metadata=AUTH) for _ in range(calls)]
    watch = channel.unary_stream("/grpc.health.v1.Health/Watch", request_serializer=lambda b: b,
                                 response_deserializer=lambda b: b)(b"", timeout=grace + 10)
    first = next(watch)  # SERVING
    not_serving = {}
    sent = {}

    def follow():
        try:
            for status in watch:
                if status == b"\x08\x02":
                    not_serving["at"] = time.monotonic()
                    return
        except grpc.RpcError:
            pass

    follower = threading.Thread(target=follow, daemon=True)
    follower.start()
    time.sleep(0.3)
    sent["at"] = time.monotonic()
    daemon.process.send_signal(signal.SIGTERM)
    try:
        daemon.process.wait(timeout=grace + 30)
    except subprocess.TimeoutExpired:
        daemon.process.kill()
        daemon.process.wait()
    exited = time.monotonic() - sent["at"]
    follower.join(timeout=1)
    for f in futures:
        f.cancel()
    channel.close()
    return {"exit_seconds": exited, "first_health": first,
            "not_serving_seconds": not_serving["at"] - sent["at"] if "at" in not_serving else None}


# --- one user's word list work against another user's Match ---

def users_file(tmp):
    """Three users: ann (who edits big lists), bob (who only matches) and
    an admin (who keeps the operator's shared list of the dictionary)."""
    path = os.path.join(tmp, "users")
    with open(path, "w") as f:
        f.write(f"ann {TOKEN}-ann\nbob {TOKEN}-bob\nboss {TOKEN}-boss admin\n")
    return path


def user_auth(name):
    return [("authorization", f"Bearer {TOKEN}-{name}")]


def random_words(count, seed=11, letters=(6, 10)):
    rng = random.Random(seed)
    words = set()
    while len(words) < count:
        words.add("".join(rng.choice("ABCDEFGHIJKLMNOPRSTU") for _ in range(rng.randint(*letters))))
    return sorted(words)


def _edit_loop(address, entries, seconds):
    """ann: a list of `entries` words, then one-word edits of it as fast as
    the daemon answers, for `seconds`."""
    import grpc
    from xwdb.v1 import xwdb_pb2, xwdb_pb2_grpc
    with grpc.insecure_channel(address, options=[("grpc.max_send_message_length", 64 << 20)]) as channel:
        stub = xwdb_pb2_grpc.XwdbStub(channel)
        words = random_words(entries)
        stub.PutWordList(xwdb_pb2.PutWordListRequest(
            name="big", entries=[xwdb_pb2.WordListEntry(word=w, score=60) for w in words]),
            metadata=user_auth("ann"), timeout=120)
        print("ready", flush=True)
        edits, failures, i = 0, 0, 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            i += 1
            op = xwdb_pb2.WORD_LIST_ADD if i % 2 else xwdb_pb2.WORD_LIST_REMOVE
            try:
                stub.EditWordList(xwdb_pb2.EditWordListRequest(
                    name="big", edits=[xwdb_pb2.WordListEdit(op=op, word="QQQXYZ", score=70)]),
                    metadata=user_auth("ann"), timeout=60)
                edits += 1
            except grpc.RpcError:
                failures += 1
        print("edits", edits)
        print("edit_failures", failures, flush=True)


def _match_latencies(stub, seconds, lists=()):
    from xwdb.v1 import xwdb_pb2
    import grpc
    times = []
    rng = random.Random(5)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pattern = "".join(rng.choice("ABCDE") if k == 0 else "?" for k in range(6))
        start = time.monotonic()
        try:
            stub.Match(xwdb_pb2.MatchRequest(pattern=pattern, limit=5, lists=list(lists)),
                       metadata=user_auth("bob"), timeout=10)
            times.append(time.monotonic() - start)
        except grpc.RpcError:
            times.append(99.0)
    times.sort()
    return times


def _ms(times, p):
    return round(1000 * times[min(len(times) - 1, int(p * (len(times) - 1) + 0.5))], 2) if times else None


def list_interference(address, entries=60000, seconds=5.0):
    """bob's Match (on the dictionary, with the operator's shared list of
    it, and with a small list of his own) while nobody edits, then while
    ann edits one word at a time of her `entries`-entry list. Returns p50
    and p99 of both, in ms, and how many edits ann made."""
    import grpc
    from xwdb.v1 import xwdb_pb2, xwdb_pb2_grpc
    channel = grpc.insecure_channel(address)
    stub = xwdb_pb2_grpc.XwdbStub(channel)
    stub.PutWordList(xwdb_pb2.PutWordListRequest(
        name="en", shared=True, entries=[xwdb_pb2.WordListEntry(word="ABCDEF", score=80)]),
        metadata=user_auth("boss"), timeout=30)
    stub.PutWordList(xwdb_pb2.PutWordListRequest(
        name="mine", entries=[xwdb_pb2.WordListEntry(word=w, score=70) for w in random_words(50, seed=3)]),
        metadata=user_auth("bob"), timeout=30)
    mine = [xwdb_pb2.WordListRef(name="mine")]
    _match_latencies(stub, 0.5)
    quiet = _match_latencies(stub, seconds / 2) + _match_latencies(stub, seconds / 2, mine)
    stubs = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(xwdb_pb2.__file__))))
    # ann edits from a process of her own (a thread here would share
    # Python's lock with bob's calls).
    editor = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--edit-loop", address, str(entries),
                               str(seconds + 2)], stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=stubs))
    ready = editor.stdout.readline()
    if ready.strip() != "ready":
        raise RuntimeError(f"the editing process did not start: {ready!r}")
    time.sleep(0.5)
    busy = _match_latencies(stub, seconds / 2) + _match_latencies(stub, seconds / 2, mine)
    result = {}
    for line in editor.stdout:
        key, value = line.split()
        result[key] = int(value)
    editor.wait()
    channel.close()
    busy.sort()
    quiet.sort()
    return {"quiet_p50_ms": _ms(quiet, 0.5), "quiet_p99_ms": _ms(quiet, 0.99), "busy_p50_ms": _ms(busy, 0.5),
            "busy_p99_ms": _ms(busy, 0.99), "matches": len(busy), "edits": result.get("edits"),
            "edit_failures": result.get("edit_failures")}


def main():
    """--full XWDB XWDBD PROTO_DIR: every attack at full length, figures
    printed."""
    import tempfile
    xwdb, xwdbd, proto = sys.argv[2:5]
    with tempfile.TemporaryDirectory() as tmp:
        xwdbd_fixture.generate_stubs(proto, tmp)
        db = make_dictionary(xwdb, tmp, 200000)
        tok = token_file(tmp)
        daemons = xwdbd_fixture.Daemons(xwdbd, tmp)
        try:
            d = daemons.start(["--db", "en=" + db, "--token-file", tok, "--call-log", "off"], http=None)
            print("abandoned MatchMany (6 calls, 2 s deadline):",
                  abandoned_calls(d.address, d.process.pid, calls=6, deadline=2.0))
            port = int(d.address.rsplit(":", 1)[1])
            print("unauthenticated streams (40 connections x 1000 streams of 60 KiB):",
                  unauthenticated_streams(port, d.process.pid, connections=40, streams=1000, seconds=120))
            d.stop()
            d = daemons.start(["--db", "en=" + make_fill_dictionary(xwdb, tmp), "--token-file", tok,
                               "--call-log", "off", "--fill-threads", "2", "--fill-queue", "0",
                               "--max-fill-seconds", "20"], http=None)
            print("unread fill streams (2, timeout 5 s):", unread_fill_streams(d.address, wait_limit=60))
            d.stop()
            d = daemons.start(["--db", "en=" + db, "--token-file", tok, "--call-log", "off", "--grace", "10"],
                              http=None)
            print("SIGTERM, --grace 10, 6 heavy MatchMany:", sigterm_with_heavy_calls(d, 10, calls=6))
            d = daemons.start(["--db", "en=" + db, "--users-file", users_file(tmp), "--call-log", "off",
                               "--lists", os.path.join(tmp, "lists"), "--list-edits-per-second", "100000"],
                              http=None)
            print("one user's list edits (99,000 entries, one word a call) against another's Match:",
                  list_interference(d.address, entries=99000, seconds=10))
            d.stop()
        finally:
            daemons.stop_all()


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--edit-loop":
        _edit_loop(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
    elif len(sys.argv) == 5 and sys.argv[1] == "--full":
        main()
    else:
        print("usage: grpc_attack.py --full XWDB XWDBD PROTO_DIR", file=sys.stderr)
        sys.exit(2)
