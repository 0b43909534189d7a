"""Shared by the Python daemon tests: Python code generated from proto/ by
grpc_tools, a small dictionary made by `xwdb import`, and a real xwdbd on
127.0.0.1 with a port chosen at run time."""
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest


def generate_stubs(proto_dir, out_dir):
    subprocess.run([sys.executable, "-m", "grpc_tools.protoc", "-I", proto_dir, "--python_out", out_dir,
                    "--grpc_python_out", out_dir, "xwdb/v1/xwdb.proto"], check=True)
    sys.path.insert(0, out_dir)


def make_dictionary(xwdb, tmp, scored_lines):
    words = os.path.join(tmp, "words.txt")
    with open(words, "w") as f:
        f.write(scored_lines)
    db = os.path.join(tmp, "db")
    subprocess.run([xwdb, "import", "--db", db, "--format", "scored", words], check=True,
                   stdout=subprocess.DEVNULL)
    return db


class Daemon:
    """xwdbd with `args`, listening on `listen` (a port chosen at run time);
    .address, on 127.0.0.1, once it serves. With `http` (an address such as
    127.0.0.1:0), also HTTP/JSON there: .http_port. `env`: variables added
    to the daemon's environment."""

    def __init__(self, xwdbd, tmp, args, listen="127.0.0.1:0", http=None, env=None):
        port_file = os.path.join(tmp, "port")
        http_port_file = os.path.join(tmp, "http-port")
        for f in (port_file, http_port_file):
            if os.path.exists(f):
                os.remove(f)
        self.log_path = os.path.join(tmp, "xwdbd.log")
        self.log = open(self.log_path, "w")
        http_args = ["--http", http, "--http-port-file", http_port_file] if http else []
        self.process = subprocess.Popen([xwdbd, *args, *http_args, "--listen", listen, "--port-file", port_file],
                                        stderr=self.log, env={**os.environ, **(env or {})})
        deadline = time.time() + 60
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if self.process.poll() is not None or time.time() > deadline:
                raise RuntimeError("xwdbd did not start: " + open(self.log_path).read())
            time.sleep(0.02)
        with open(port_file) as f:
            self.address = "127.0.0.1:" + f.read().strip()
        self.http_port = None
        if http:
            # Written before the gRPC port file: present once that one is.
            with open(http_port_file) as f:
                self.http_port = int(f.read().strip())

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        self.log.close()


class Daemons:
    """Daemons a test class starts, each in a directory of its own under
    `tmp`, all stopped by stop_all()."""

    def __init__(self, xwdbd, tmp):
        self.xwdbd, self.tmp, self.started = xwdbd, tmp, []

    def start(self, args, http="127.0.0.1:0", env=None):
        d = Daemon(self.xwdbd, tempfile.mkdtemp(dir=self.tmp), args, http=http, env=env)
        self.started.append(d)
        return d

    def stop_all(self):
        for d in self.started:
            if d.process.poll() is None:
                d.stop()


class SmallDaemonTest(unittest.TestCase):
    """One xwdbd for the whole class, serving `small`, a dictionary of
    SCORED_WORDS ("word;score" lines), with the gRPC stubs generated.
    Subclasses set XWDB, XWDBD, PROTO_DIR and SCORED_WORDS, and may add to
    the dictionary before the daemon starts (prepare)."""
    XWDB = XWDBD = PROTO_DIR = None
    SCORED_WORDS = ""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        generate_stubs(cls.PROTO_DIR, cls.tmp.name)
        db = make_dictionary(cls.XWDB, cls.tmp.name, cls.SCORED_WORDS)
        cls.prepare(db)
        cls.daemon = Daemon(cls.XWDBD, cls.tmp.name, ["--db", "small=" + db])
        cls.address = cls.daemon.address

    @classmethod
    def prepare(cls, db):
        pass

    @classmethod
    def tearDownClass(cls):
        cls.daemon.stop()
        cls.tmp.cleanup()

    def stub(self):
        import grpc
        from xwdb.v1 import xwdb_pb2_grpc
        return xwdb_pb2_grpc.XwdbStub(grpc.insecure_channel(self.address))
