#!/usr/bin/env python3
"""Hostile and bursty clients against an HTTP face on 127.0.0.1, each
bounded in count and time, each returning its figures. Used by
hostile_http_test.py (short runs with assertions), by
scripts/reliability.sh (full length) and by hand to compare servers:

  http_attack.py --port P [--token T] [--pid PID] [--full] [ATTACK ...]

ATTACK is any of: burst storm keepalive chunked token slow idle (default all),
queued (needs a daemon with --fill-threads 1 --fill-queue 1) and sigterm
(stops the daemon: last).
Only loopback addresses are ever used; the canary of `slow` calls from
127.0.0.2 (another client, as the slow ones are all 127.0.0.1)."""
import argparse
import http.client
import json
import os
import resource
import selectors
import socket
import statistics
import threading
import time

MATCH = json.dumps({"pattern": "C.T"}).encode()

# The storm and the slow clients hold a thousand sockets at once: more than
# a soft descriptor limit of 1024 allows.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
_wanted = 8192 if _hard == resource.RLIM_INFINITY else min(_hard, 8192)
if _soft != resource.RLIM_INFINITY and _soft < _wanted:
    resource.setrlimit(resource.RLIMIT_NOFILE, (_wanted, _hard))


def headers(token, extra=None):
    h = {"Content-Type": "application/json"}
    if token:
        h["Authorization"] = "Bearer " + token
    h.update(extra or {})
    return h


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


class RssWatch:
    """Samples a process's resident memory every 10 ms; .growth is the
    peak over the first sample."""

    def __init__(self, pid):
        self.pid, self.base, self.peak = pid, 0, 0
        self._stop = threading.Event()

    def __enter__(self):
        if self.pid:
            self.base = self.peak = rss_bytes(self.pid)
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
        return self

    def _run(self):
        while not self._stop.wait(0.01):
            try:
                self.peak = max(self.peak, rss_bytes(self.pid))
            except OSError:
                return

    def __exit__(self, *exc):
        self._stop.set()
        if self.pid:
            self._thread.join()

    @property
    def growth(self):
        return self.peak - self.base


def call_match(conn, token):
    conn.request("POST", "/v1/Match", body=MATCH, headers=headers(token))
    res = conn.getresponse()
    data = res.read()
    if res.status != 200:
        raise RuntimeError(f"HTTP {res.status}: {data[:200]!r}")
    return data


class Tally:
    """Calls that succeeded and failed across client threads, with the
    first few errors (a count alone says nothing)."""

    def __init__(self):
        self.ok, self.failed, self.errors = 0, 0, []
        self._lock = threading.Lock()

    def add(self, ok=0, failed=0, error=None):
        with self._lock:
            self.ok += ok
            self.failed += failed
            if error is not None and len(self.errors) < 5:
                self.errors.append(error)

    def result(self):
        return self.ok, self.failed, self.errors


def run_clients(count, client):
    """Runs client(k) for k in range(count) on threads, and waits for all."""
    threads = [threading.Thread(target=client, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def burst(port, token=None, clients=256, calls=5):
    """`clients` threads open their connections at the same instant and
    make `calls` Match calls each on it. Returns (calls ok, failures,
    first errors)."""
    barrier = threading.Barrier(clients)
    tally = Tally()

    def client(_):
        try:
            barrier.wait(timeout=60)
        except threading.BrokenBarrierError:
            pass
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        done = 0
        try:
            for _ in range(calls):
                call_match(conn, token)
                done += 1
        except Exception as e:  # noqa: BLE001 - every failure is counted
            tally.add(failed=calls - done, error=f"call {done}: {type(e).__name__}: {e}")
        finally:
            conn.close()
        tally.add(ok=done)

    run_clients(clients, client)
    return tally.result()


def connection_storm(port, token=None, connections=1000, seconds=30.0):
    """`connections` sockets connect at once (non-blocking, from one
    thread: no thread start-up spreads them out), each sends one Match
    when connected and keeps its connection open. Returns (answered 200,
    failed, unanswered after `seconds`)."""
    body = MATCH
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    request = (f"POST /v1/Match HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Content-Length: {len(body)}\r\n\r\n").encode() + body
    sel = selectors.DefaultSelector()
    for _ in range(connections):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        sel.register(s, selectors.EVENT_WRITE, {"sent": False, "answer": b""})
    ok = failed = 0
    deadline = time.time() + seconds
    open_sockets = []
    while sel.get_map() and time.time() < deadline:
        for key, _ in sel.select(0.5):
            s, state = key.fileobj, key.data
            try:
                if not state["sent"]:
                    err = s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
                    if err:
                        raise OSError(err, os.strerror(err))
                    s.sendall(request)
                    state["sent"] = True
                    sel.modify(s, selectors.EVENT_READ, state)
                    continue
                data = s.recv(65536)
                if not data:
                    raise OSError("closed before an answer")
                state["answer"] += data
                if b"\r\n\r\n" not in state["answer"]:
                    continue
                ok += state["answer"].startswith(b"HTTP/1.1 200")
                failed += not state["answer"].startswith(b"HTTP/1.1 200")
                sel.unregister(s)
                open_sockets.append(s)  # kept open, as a keep-alive client would
            except OSError:
                failed += 1
                sel.unregister(s)
                s.close()
    unanswered = len(sel.get_map())
    for key in list(sel.get_map().values()):
        key.fileobj.close()
    for s in open_sockets:
        s.close()
    return ok, failed, unanswered


def keepalive(port, token=None, clients=64, seconds=10.0):
    """`clients` keep-alive connections calling Match as fast as they can
    for `seconds`. Returns (calls ok, failures, first errors)."""
    stop = time.time() + seconds
    tally = Tally()

    def client(_):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        n = 0
        while time.time() < stop:
            try:
                call_match(conn, token)
                n += 1
            except Exception as e:  # noqa: BLE001
                tally.add(failed=1, error=f"{type(e).__name__}: {e}")
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.close()
        tally.add(ok=n)

    run_clients(clients, client)
    return tally.result()


def _send_chunked(sock, total_bytes, chunk=64 * 1024, stop=None):
    """Sends chunks until `total_bytes` (None: forever) or an error."""
    block = b"x" * chunk
    sent = 0
    try:
        while total_bytes is None or sent < total_bytes:
            if stop is not None and stop.is_set():
                break
            sock.sendall(b"%x\r\n" % chunk + block + b"\r\n")
            sent += chunk
        sock.sendall(b"0\r\n\r\n")
    except OSError:
        pass
    return sent


def _read_status(sock, timeout):
    """The status code of the answer on `sock`, or None."""
    sock.settimeout(timeout)
    data = b""
    try:
        while b"\r\n" not in data:
            more = sock.recv(4096)
            if not more:
                break
            data += more
    except OSError:
        return None
    try:
        return int(data.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return None


def chunked_uploads(port, token=None, pid=None, uploads=16, megabytes=64):
    """`uploads` concurrent chunked bodies of `megabytes` each, with the
    token. Returns (statuses, the daemon's peak memory growth in bytes)."""
    statuses = [None] * uploads

    def upload(i):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        s.sendall(("POST /v1/Match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                   f"{auth}Transfer-Encoding: chunked\r\n\r\n").encode())
        stop = threading.Event()
        sender = threading.Thread(target=_send_chunked, args=(s, megabytes << 20, 64 * 1024, stop))
        sender.start()
        statuses[i] = _read_status(s, 60)
        stop.set()
        s.close()
        sender.join()

    with RssWatch(pid) as watch:
        run_clients(uploads, upload)
    return statuses, watch.growth


def token_before_body(port, pid=None, uploads=4, seconds=3.0):
    """`uploads` calls without the token whose chunked bodies never end.
    Returns (statuses, seconds to the slowest answer, peak memory growth)."""
    statuses = [None] * uploads
    took = [None] * uploads

    def upload(i):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        started = time.time()
        s.sendall(b"POST /v1/Match HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        stop = threading.Event()
        sender = threading.Thread(target=_send_chunked, args=(s, None, 64 * 1024, stop))
        sender.start()
        statuses[i] = _read_status(s, seconds + 30)
        took[i] = time.time() - started
        # Keep sending a while: the daemon must not buffer what it gets.
        time.sleep(seconds)
        stop.set()
        s.close()
        sender.join()

    with RssWatch(pid) as watch:
        run_clients(uploads, upload)
    return statuses, max(t for t in took if t is not None), watch.growth


class SlowClients:
    """`count` connections from 127.0.0.1 that trickle a byte a second
    each: a third in the request line and headers, a third in a body that
    has the token, a third that send nothing after connecting. Started
    with start(), ended with close(); .open counts those still open (the
    daemon has not closed them)."""

    def __init__(self, port, count, token=None):
        self.port, self.count, self.token = port, count, token
        self.socks, self.pending = [], []
        self._stop = threading.Event()
        self.refused = 0

    def start(self):
        auth = f"Authorization: Bearer {self.token}\r\n" if self.token else ""
        for i in range(self.count):
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            except OSError:
                self.refused += 1
                continue
            s.setblocking(False)
            kind = i % 3
            if kind == 0:
                rest = b"POST /v1/Match HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 4000
            elif kind == 1:
                head = (f"POST /v1/Match HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Content-Type: application/json\r\n"
                        "Content-Length: 4000\r\n\r\n").encode()
                try:
                    s.send(head)
                except OSError:
                    pass
                rest = b" " * 4000
            else:
                rest = b""
            self.socks.append(s)
            self.pending.append(rest)
        self._thread = threading.Thread(target=self._trickle, daemon=True)
        self._thread.start()
        return self

    def _trickle(self):
        while not self._stop.wait(1.0):
            for i, s in enumerate(self.socks):
                if self.pending[i]:
                    try:
                        s.send(self.pending[i][:1])
                        self.pending[i] = self.pending[i][1:]
                    except OSError:
                        self.pending[i] = b""

    @property
    def open(self):
        n = 0
        for s in self.socks:
            try:
                data = s.recv(4096)
                if data == b"":
                    continue  # closed by the daemon
                n += 1  # an answer, still open
            except BlockingIOError:
                n += 1
            except OSError:
                continue
        return n

    def close(self):
        self._stop.set()
        self._thread.join()
        for s in self.socks:
            s.close()


def canary(port, token=None, seconds=5.0, interval=0.02, source="127.0.0.2"):
    """Match calls from `source` every `interval` for `seconds`, a new
    connection every tenth. Returns (latencies in seconds, failures,
    first errors)."""
    latencies, failed, errors = [], 0, []
    stop = time.time() + seconds
    conn = None
    i = 0
    while time.time() < stop:
        if conn is None or i % 10 == 0:
            if conn is not None:
                conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
        started = time.perf_counter()
        try:
            call_match(conn, token)
            latencies.append(time.perf_counter() - started)
        except Exception as e:  # noqa: BLE001
            failed += 1
            if len(errors) < 5:
                errors.append(f"{type(e).__name__}: {e}")
            conn.close()
            conn = None
        i += 1
        time.sleep(interval)
    if conn is not None:
        conn.close()
    return latencies, failed, errors


def p99(values):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def idle_reuse(port, token=None, idle_seconds=5.0, clients=20):
    """Each of `clients` makes a call, waits `idle_seconds` and calls
    again on the same connection, once, with no retry. Returns (failures,
    first errors): what a client that does not retry sees at the daemon's
    idle limit."""
    tally = Tally()

    def client(k):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            call_match(conn, token)
            time.sleep(idle_seconds + 0.005 * k)
            call_match(conn, token)
        except Exception as e:  # noqa: BLE001
            tally.add(failed=1, error=f"{type(e).__name__}: {e}")
        conn.close()

    run_clients(clients, client)
    return tally.failed, tally.errors


def metric(port, token, name):
    """A gauge's value from /metrics."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/metrics", headers={"Authorization": "Bearer " + token} if token else {})
    text = conn.getresponse().read().decode()
    conn.close()
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise RuntimeError(f"no {name} in /metrics")


def queued_fill_release(port, token, fill):
    """With a daemon whose one fill place is taken by a long `fill` (a
    request dict) and whose queue holds one: a second fill is queued, its
    client leaves, and the seconds until its place is free are returned
    (None: not within 10 s)."""
    body = json.dumps(fill)
    auth = f"Authorization: Bearer {token}\r\n" if token else ""

    def open_fill():
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall((f"POST /v1/Fill HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Content-Length: {len(body)}\r\n\r\n{body}")
                  .encode())
        return s

    running = open_fill()
    running.settimeout(30)
    first = running.recv(4096)
    if not first.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"the long fill did not start: {first[:200]!r}")
    waiting = open_fill()
    deadline = time.time() + 10
    while metric(port, token, "xwdb_fills_queued") < 1:
        if time.time() > deadline:
            raise RuntimeError("the second fill was never queued")
        time.sleep(0.01)
    waiting.close()
    left = time.time()
    freed = None
    while time.time() - left < 10:
        if metric(port, token, "xwdb_fills_queued") == 0:
            freed = time.time() - left
            break
        time.sleep(0.005)
    running.close()
    return freed


def sigterm_exit(port, pid, token=None, slow_clients=500):
    """Seconds from SIGTERM to the daemon's exit with `slow_clients`
    connected (None: still running after 60 s)."""
    import signal
    slow = SlowClients(port, slow_clients, token).start()
    time.sleep(1)
    started = time.time()
    os.kill(pid, signal.SIGTERM)
    took = None
    while time.time() - started < 60:
        try:
            with open(f"/proc/{pid}/status") as f:
                if "zombie" in f.read():
                    took = time.time() - started
                    break
        except FileNotFoundError:
            took = time.time() - started
            break
        time.sleep(0.005)
    slow.close()
    return took


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token")
    parser.add_argument("--pid", type=int, help="the daemon's process (for its memory)")
    parser.add_argument("--full", action="store_true", help="full length (60 s runs, 500 slow clients)")
    parser.add_argument("attacks", nargs="*", default=["burst", "storm", "keepalive", "chunked", "token", "slow", "idle"])
    a = parser.parse_args()
    full = a.full
    for attack in a.attacks:
        if attack == "burst":
            ok, failed, errors = burst(a.port, a.token, clients=256, calls=5)
            print(f"burst: 256 clients at once, {ok} calls ok, {failed} failed {errors}")
        elif attack == "storm":
            ok, failed, unanswered = connection_storm(a.port, a.token, connections=1000)
            print(f"storm: 1000 connections at once, one call each, kept open: {ok} answered, {failed} failed, "
                  f"{unanswered} unanswered after 30 s")
        elif attack == "keepalive":
            seconds = 60 if full else 10
            ok, failed, errors = keepalive(a.port, a.token, clients=64, seconds=seconds)
            print(f"keepalive: 64 clients for {seconds} s, {ok} calls ok, {failed} failed {errors}")
        elif attack == "chunked":
            statuses, growth = chunked_uploads(a.port, a.token, a.pid, uploads=16, megabytes=64)
            print(f"chunked: 16 x 64 MiB chunked uploads, statuses {sorted(set(map(str, statuses)))}, "
                  f"peak memory growth {growth / 1e6:.1f} MB")
        elif attack == "token":
            statuses, took, growth = token_before_body(a.port, a.pid)
            print(f"token: 4 never-ending bodies without the token, statuses {statuses}, slowest answer "
                  f"{took:.3f} s, peak memory growth {growth / 1e6:.1f} MB")
        elif attack == "slow":
            count, seconds = (500, 60) if full else (500, 10)
            slow = SlowClients(a.port, count, a.token).start()
            time.sleep(1)
            lat, failed, errors = canary(a.port, a.token, seconds=seconds)
            still = slow.open
            slow.close()
            figures = (f"p50 {statistics.median(lat) * 1e3:.2f} ms, p99 {p99(lat) * 1e3:.2f} ms, "
                       f"max {max(lat) * 1e3:.2f} ms") if lat else "no call answered"
            print(f"slow: {count} clients at 1 byte/s ({slow.refused} refused, {still} open at the end); "
                  f"canary {len(lat)} calls ok, {figures}, {failed} failed {errors}")
        elif attack == "queued":
            fill = {"rows": ["." * 15] * 15, "options": {"timeout_seconds": 30}}
            freed = queued_fill_release(a.port, a.token, fill)
            print(f"queued: a queued fill's client left; its place was free after "
                  f"{'%.3f s' % freed if freed is not None else 'more than 10 s'}")
        elif attack == "sigterm":
            took = sigterm_exit(a.port, a.pid, a.token, slow_clients=500)
            print(f"sigterm: with 500 slow clients the daemon exited "
                  f"{'after %.3f s' % took if took is not None else 'not within 60 s'}")
        elif attack == "idle":
            failed, errors = idle_reuse(a.port, a.token, idle_seconds=5.0)
            print(f"idle: 20 connections reused after 5 s idle (no retry), {failed} failed {errors}")
        else:
            parser.error("unknown attack " + attack)


if __name__ == "__main__":
    main()
