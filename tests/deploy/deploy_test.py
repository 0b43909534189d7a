#!/usr/bin/env python3
"""The deployment files (deploy/) against the binaries they run:

- the systemd unit passes `systemd-analyze verify` with no warning (its
  ExecStart pointed at the built xwdbd, which verify requires to exist);
- every xwdbd flag in the unit, the container's command and the Kubernetes
  manifest is one xwdbd knows (its --help);
- the container's runtime packages are the ones that hold the libraries
  xwdbd links (dpkg -S on this Debian 12), so the image can run it;
- the manifest: the probes and the Service use the container's gRPC port,
  the selectors match the pod's labels, the Service is headless.

Usage: deploy_test.py XWDBD SOURCE_DIR
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
import unittest

import yaml

XWDBD, SOURCE = sys.argv[1:3]
del sys.argv[1:3]
DEPLOY = os.path.join(SOURCE, "deploy")


def read(*parts):
    with open(os.path.join(DEPLOY, *parts)) as f:
        return f.read()


def known_flags():
    out = subprocess.run([XWDBD, "--help"], capture_output=True, text=True).stdout
    return set(re.findall(r"(--[a-z][a-z0-9-]*)", out))


class DeployTest(unittest.TestCase):
    def check_flags(self, args, where):
        flags = {a for a in args if a.startswith("--")}
        self.assertTrue(flags, where)
        unknown = flags - known_flags()
        self.assertFalse(unknown, f"{where}: flags xwdbd does not know: {sorted(unknown)}")

    def test_systemd_unit_verifies(self):
        unit = read("systemd", "xwdbd.service")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "xwdbd.service")
            with open(path, "w") as f:
                f.write(unit.replace("/usr/local/bin/xwdbd", os.path.abspath(XWDBD)))
            r = subprocess.run(["systemd-analyze", "verify", path], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout + r.stderr, "", "verify warns")
        exec_start = re.search(r"^ExecStart=(.*?)(?<!\\)$", unit.replace("\\\n", " "), re.M).group(1)
        self.check_flags(shlex.split(exec_start), "the unit's ExecStart")
        for key in ("ProtectSystem=strict", "NoNewPrivileges=yes", "DynamicUser=yes", "CapabilityBoundingSet="):
            self.assertIn(key, unit)

    def test_container_runs_the_binaries_it_builds(self):
        containerfile = read("container", "Containerfile")
        cmd = re.search(r"^CMD (\[.*\])$", containerfile, re.M).group(1)
        self.check_flags(yaml.safe_load(cmd), "the container's CMD")
        listed = set(re.search(r"install -y -qq --no-install-recommends \\\n\s*(.*?)\s*\\\n", containerfile)
                     .group(1).split())
        linked = set()
        for line in subprocess.run(["ldd", XWDBD], capture_output=True, text=True, check=True).stdout.splitlines():
            m = re.search(r"=> (/\S+)", line)
            if not m:
                continue
            owner = subprocess.run(["dpkg", "-S", os.path.realpath(m.group(1))], capture_output=True, text=True)
            if owner.returncode != 0:
                owner = subprocess.run(["dpkg", "-S", m.group(1)], capture_output=True, text=True)
            if owner.returncode == 0:
                linked.add(owner.stdout.split(":")[0])
        self.assertTrue(listed, "no runtime packages listed")
        self.assertLessEqual(listed, linked, "listed packages that hold no library xwdbd links")
        for must in ("librocksdb7.8", "libgrpc++1.51", "libprotobuf32", "libicu72"):
            self.assertIn(must, listed)

    def test_kubernetes_manifest_fits_together(self):
        docs = {d["kind"]: d for d in yaml.safe_load_all(read("kubernetes", "xwdbd.yaml"))}
        deployment, service = docs["Deployment"], docs["Service"]
        pod = deployment["spec"]["template"]
        container = pod["spec"]["containers"][0]
        self.check_flags(container["args"], "the Deployment's args")
        port = next(p["containerPort"] for p in container["ports"] if p["name"] == "grpc")
        listen = container["args"][container["args"].index("--listen") + 1]
        self.assertTrue(listen.endswith(f":{port}"), listen)
        for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
            self.assertEqual(container[probe]["grpc"]["port"], port, probe)
        labels = pod["metadata"]["labels"]
        self.assertEqual(deployment["spec"]["selector"]["matchLabels"].items() - labels.items(), set())
        self.assertEqual(service["spec"]["selector"].items() - labels.items(), set())
        self.assertEqual(service["spec"]["clusterIP"], "None", "headless, for DNS round robin")
        self.assertEqual(service["spec"]["ports"][0]["targetPort"], "grpc")
        self.assertEqual(deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"], 0)
        self.assertTrue(container["volumeMounts"][0]["readOnly"])


if __name__ == "__main__":
    unittest.main()
