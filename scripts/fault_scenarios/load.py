"""Load beyond what the service serves: one instance offered twice its rate (the excess shed
quickly, health fast), and three replicas behind nginx under wrk with one killed and
restarted (no client sees an error)."""

import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from .harness import MANY_CLIENTS, ROOT, HealthProbe, Instance, check, generate_path, percentile, request, timed


def overload(binary):
    """Twice the pool's rate: excess shed quickly with Retry-After, the rest in time, health fast."""
    print("overload: /generate 10x10 expert at twice what the pool serves", flush=True)
    deadline_ms = 10_000
    # One test client stands for the many an overload comes from: its own limits are lifted.
    instance = Instance(binary, 18101, workers=2, queue=2, deadline_ms=deadline_ms, **MANY_CLIENTS)
    try:
        # Calibrate: what two closed-loop clients get through in 4 s.
        served = []
        stop_at = time.time() + 4
        seeds = iter(range(10_000, 1_000_000))
        lock = threading.Lock()

        def closed_loop():
            while time.time() < stop_at:
                with lock:
                    seed = next(seeds)
                status, _, _, _ = timed(instance.port, "POST", generate_path(seed))
                if status == 200:
                    served.append(seed)

        workers = [threading.Thread(target=closed_loop) for _ in range(2)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        rate = max(len(served) / 4.0, 1.0)
        offered = 2 * rate
        print(f"  pool serves {rate:.1f}/s; offering {offered:.1f}/s for 8 s", flush=True)

        probe = HealthProbe(instance.port)
        probe.start()
        results = []
        threads = []

        def one(seed):
            try:
                status, headers, _, elapsed = timed(instance.port, "POST", generate_path(seed), timeout=30)
                results.append((status, headers, elapsed))
            except OSError as error:
                results.append((0, {}, str(error)))

        start = time.time()
        count = int(offered * 8)
        for i in range(count):
            # Open loop: requests leave on schedule whatever the answers.
            target = start + i / offered
            time.sleep(max(0.0, target - time.time()))
            thread = threading.Thread(target=one, args=(20_000 + i,))
            thread.start()
            threads.append(thread)
        for thread in threads:
            thread.join()
        probe.stop()

        accepted = [r for r in results if r[0] == 200]
        shed = [r for r in results if r[0] == 503]
        other = [r for r in results if r[0] not in (200, 503)]
        shed_latency = [r[2] for r in shed]
        accepted_latency = [r[2] for r in accepted]
        print(
            f"  {len(results)} requests: {len(accepted)} served, {len(shed)} shed, {len(other)} other; "
            f"shed p99 {percentile(shed_latency, 0.99) * 1000:.1f} ms; "
            f"served max {max(accepted_latency, default=0):.2f} s; "
            f"/healthz p99 {percentile(probe.latencies, 0.99) * 1000:.1f} ms over {len(probe.latencies)} probes",
            flush=True,
        )
        check(len(shed) > 0, "excess requests were shed with 503")
        check(all(r[1].get("retry-after") == "1" for r in shed), "every 503 carries Retry-After")
        check(percentile(shed_latency, 0.99) < 0.1, "503s come quickly (p99 under 100 ms)")
        check(len(other) == 0, f"no other statuses ({[r[0] for r in other][:5]})")
        check(len(accepted) > 0, "accepted requests were served")
        check(max(accepted_latency, default=0) < deadline_ms / 1000, "accepted requests finished within the deadline")
        check(probe.errors == 0 and percentile(probe.latencies, 0.99) < 0.05, "/healthz p99 under 50 ms throughout")
        check(instance.metric("sumpuzzles_shed_total") >= len(shed), "shed requests show in sumpuzzles_shed_total")
    finally:
        instance.stop()


WRK_SCRIPT = r"""
-- Alternates a /solve of a small published grid with a /generate of a varied seed.
local counter = 0
request = function()
  counter = counter + 1
  if counter % 2 == 0 then
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
    wrk.body = '{"id":"kakuro:5x5:HbBcAcBbB/7.5.8.3.3.6.8.6"}'
    return wrk.format(nil, "/solve")
  else
    wrk.method = "POST"
    wrk.body = nil
    wrk.headers["Content-Type"] = nil
    return wrk.format(nil, "/generate?genre=kakuro&shape=8x8&level=medium&seed=" .. counter)
  end
end
"""


def replica_failure(binary):
    """Three replicas behind nginx under wrk; SIGKILL one mid-run, restart it: no client errors."""
    print("replica failure: 3 instances behind nginx, one killed and restarted under wrk load", flush=True)
    for tool in ("nginx", "wrk"):
        if not (shutil.which(tool) or Path(f"/usr/sbin/{tool}").exists()):
            check(False, f"{tool} is installed")
            return
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    rundir = Path(tempfile.mkdtemp(prefix="sumpuzzles-nginx-"))
    os.chmod(rundir, 0o755)
    template = (ROOT / "deploy/nginx/loopback.conf.template").read_text()
    (rundir / "nginx.conf").write_text(template.replace("@RUNDIR@", str(rundir)))
    (rundir / "mixed.lua").write_text(WRK_SCRIPT)
    # nginx (127.0.0.1) forwards wrk's one client: the replicas trust it, and the one client
    # stands for many (its own limits lifted).
    replica = dict(trusted_proxies="127.0.0.1", **MANY_CLIENTS)
    instances = {port: Instance(binary, port, **replica) for port in (18081, 18082, 18083)}
    proxy = subprocess.Popen(
        [nginx, "-p", str(rundir), "-c", str(rundir / "nginx.conf"), "-e", str(rundir / "error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                if request(18080, "GET", "/healthz", timeout=1)[0] == 200:
                    break
            except OSError:
                time.sleep(0.05)
        wrk = subprocess.Popen(
            ["wrk", "-t2", "-c6", "-d22s", "--timeout", "30s", "-s", str(rundir / "mixed.lua"), "http://127.0.0.1:18080"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        time.sleep(4)
        victim = instances[18082]
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait()
        print("  killed the replica on 18082", flush=True)
        time.sleep(3)
        instances[18082] = Instance(binary, 18082, **replica)
        # nginx tries a failed server again after fail_timeout (10 s): the run goes on 15 s more.
        print("  restarted it", flush=True)
        output, _ = wrk.communicate(timeout=60)
        summary = [line.strip() for line in output.splitlines() if "requests in" in line or "Requests/sec" in line]
        print("  wrk: " + "; ".join(summary), flush=True)
        non_2xx = sum(int(line.split(":")[1]) for line in output.splitlines() if "Non-2xx" in line)
        socket_errors = [line.strip() for line in output.splitlines() if "Socket errors" in line]
        completed = sum(int(line.split()[0]) for line in output.splitlines() if "requests in" in line)
        check(completed > 20, f"load ran ({completed} requests)")
        check(non_2xx == 0, f"no failed client requests (non-2xx: {non_2xx})")
        check(not socket_errors, f"no socket errors ({socket_errors})")
        served_after = instances[18082].metric("sumpuzzles_http_requests_total")
        # The restarted replica counts its own health check plus the traffic nginx sent it.
        check(served_after > 3, f"the restarted replica takes traffic again ({served_after:.0f} requests)")
        retried = (rundir / "error.log").read_text().count("18082")
        print(f"  nginx logged {retried} errors against the killed replica (retried elsewhere)", flush=True)
    finally:
        proxy.send_signal(signal.SIGQUIT)
        try:
            proxy.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proxy.kill()
        for instance in instances.values():
            instance.stop()
        shutil.rmtree(rundir, ignore_errors=True)
