"""What every fault scenario shares: the findings (`check`, `FAILURES`), one `sumpuzzles
serve` process with its log and metrics (`Instance`), one-shot requests from a chosen loopback
address (`request`, `timed`), a /healthz prober, and the settings that let one test client
stand for many."""

import http.client
import json
import os
import re
import resource
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path


# The repository: this file is scripts/fault_scenarios/harness.py.
ROOT = Path(__file__).resolve().parents[2]
FAILURES = []


def check(ok, message):
    print(("  ok    " if ok else "  FAIL  ") + message, flush=True)
    if not ok:
        FAILURES.append(message)


def percentile(values, q):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Instance:
    """One `sumpuzzles serve` process."""

    def __init__(self, binary, port, descriptors=None, **settings):
        self.port = port
        # The metrics are on an admin listener, off the public port.
        self.admin_port = port + 1000
        env = dict(os.environ)
        env["SUMPUZZLES_BIND"] = f"127.0.0.1:{port}"
        env["SUMPUZZLES_ADMIN_BIND"] = f"127.0.0.1:{self.admin_port}"
        env["RUST_LOG"] = env.get("RUST_LOG", "warn")
        # No pools of pregenerated puzzles: their background generation would count in the
        # process's CPU time that the worst-case checks read (tests/puzzle_pool.rs and
        # docs/benchmarks-http.md cover the pools).
        env.setdefault("SUMPUZZLES_POOLS", "off")
        for key, value in settings.items():
            env["SUMPUZZLES_" + key.upper()] = str(value)
        self.log = tempfile.NamedTemporaryFile(prefix=f"sumpuzzles-{port}-", suffix=".log", delete=False)

        def limit_descriptors():
            if descriptors:
                resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

        self.process = subprocess.Popen(
            [binary, "serve"], env=env, stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=limit_descriptors
        )
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                if request(port, "GET", "/healthz", timeout=1)[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"instance on {port} did not start; see {self.log.name}")

    def cpu_seconds(self):
        """User and system CPU time of the process so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mib(self):
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def log_lines(self):
        self.log.flush()
        text = Path(self.log.name).read_text(errors="replace")
        return [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in text.splitlines()]

    def metric(self, name):
        _, _, body = request(self.admin_port, "GET", "/metrics")
        total = 0.0
        for line in body.decode().splitlines():
            if line.startswith(name) and (len(line) == len(name) or line[len(name)] in " {"):
                total += float(line.rsplit(" ", 1)[1])
        return total

    def stop(self, sig=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def request(port, method, path, body=None, timeout=60, source="127.0.0.1"):
    """One request on a fresh connection from `source` (another loopback address is another
    client): (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        headers = {"content-type": "application/json"} if body is not None else {}
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def timed(port, method, path, body=None, timeout=60, source="127.0.0.1"):
    start = time.perf_counter()
    status, headers, data = request(port, method, path, body, timeout, source)
    return status, headers, data, time.perf_counter() - start


class HealthProbe(threading.Thread):
    """Calls /healthz every 20 ms and keeps the latencies."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.latencies = []
        self.errors = 0
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            try:
                status, _, _, elapsed = timed(self.port, "GET", "/healthz", timeout=5)
                if status == 200:
                    self.latencies.append(elapsed)
                else:
                    self.errors += 1
            except OSError:
                self.errors += 1
            time.sleep(0.02)

    def stop(self):
        self.stopping.set()
        self.join()


# Lifts the per-client limits, for a test whose one client stands for many.
MANY_CLIENTS = dict(client_concurrency=1000, client_queue=1000, client_work_ms=0)


def generate_path(seed, shape="10x10", level="expert"):
    return f"/generate?genre=kakuro&shape={shape}&level={level}&seed={seed}"
