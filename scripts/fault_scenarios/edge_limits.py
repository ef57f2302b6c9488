"""The public edge (issue 18), its limits: silent sockets closed within the header bound
(also under 64 descriptors), one flooding client held to its share while another is served,
worst-case requests bounded in CPU, and maximum bodies bounded in memory."""

import http.client
import json
import socket
import threading
import time

from .harness import HealthProbe, Instance, check, percentile, request, timed
from .heavy import HEAVY_BLANK, HEAVY_KILLER_ID, HEAVY_SOLVE


def silent_sockets(binary, descriptors=None):
    """60 connections that send nothing (raw TCP, a partial HTTP/2 preface, part of an HTTP/1
    head) are all closed within the header bound from accept, while /healthz answers."""
    label = f" under a limit of {descriptors} descriptors" if descriptors else ""
    print(f"silent sockets: 60 connections that send nothing{label}, embedded defaults", flush=True)
    bound = 10.0  # the embedded default header timeout, from accept
    instance = Instance(binary, 18151 if descriptors is None else 18152, descriptors=descriptors)
    sockets = []
    try:
        opened = time.time()
        for i in range(60):
            s = socket.create_connection(("127.0.0.1", instance.port))
            if i % 3 == 1:
                s.sendall(b"PRI * HTTP/2.0\r\n")
            elif i % 3 == 2:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHo")
            s.setblocking(False)
            sockets.append(s)
        probe = HealthProbe(instance.port)
        probe.start()
        closed_at = {}
        while time.time() - opened < bound + 3 and len(closed_at) < len(sockets):
            for i, s in enumerate(sockets):
                if i in closed_at:
                    continue
                try:
                    data = s.recv(4096)
                    if data == b"" or data.startswith(b"HTTP/1.1 408"):
                        closed_at[i] = time.time() - opened
                except BlockingIOError:
                    pass
                except OSError:
                    closed_at[i] = time.time() - opened
            time.sleep(0.05)
        probe.stop()
        latest = max(closed_at.values(), default=float("inf"))
        warnings = [line for line in instance.log_lines() if "accept" in line]
        print(
            f"  {len(closed_at)}/60 closed, the last after {latest:.1f} s (bound {bound:.0f} s from accept); "
            f"/healthz: {len(probe.latencies)} answered, {probe.errors} failed, "
            f"p99 {percentile(probe.latencies, 0.99) * 1000:.1f} ms; {len(warnings)} log lines about accepting",
            flush=True,
        )
        check(len(closed_at) == 60 and latest < bound + 1.5, "every silent connection is closed within the bound")
        check(probe.errors == 0 and len(probe.latencies) > 0, "/healthz answers throughout")
        check(percentile(probe.latencies, 0.99) < 1.0, "/healthz p99 under a second")
        check(len(warnings) <= 3, "accept failures, if any, are summed up, not logged one by one")
    finally:
        for s in sockets:
            s.close()
        instance.stop()


def silent_sockets_64(binary):
    silent_sockets(binary, descriptors=64)


def fairness(binary):
    """One client floods with worst-case requests; another, from 127.0.0.2, is served in
    under a second throughout. Embedded defaults."""
    print("fairness: one client floods with heavy 24x24 solves, another asks from 127.0.0.2", flush=True)
    instance = Instance(binary, 18161)
    stop = threading.Event()
    flood = []

    def flooder():
        while not stop.is_set():
            try:
                status, _, _, elapsed = timed(instance.port, "POST", "/solve", HEAVY_SOLVE, timeout=60)
                flood.append(status)
            except OSError:
                flood.append(0)

    # More than its one running slot and eight waiting ones: the rest is refused at once.
    threads = [threading.Thread(target=flooder) for _ in range(12)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1)
        latencies, statuses = [], []
        for _ in range(30):
            status, _, _, elapsed = timed(
                instance.port, "POST", "/solve", {"id": "kakuro:3x3:DbAb/4.6.3.7"}, timeout=30, source="127.0.0.2"
            )
            statuses.append(status)
            latencies.append(elapsed)
            time.sleep(0.2)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    try:
        counts = {code: flood.count(code) for code in sorted(set(flood))}
        print(
            f"  flood: {len(flood)} requests {counts}; the other client: {len(latencies)} requests, "
            f"max {max(latencies) * 1000:.0f} ms, p50 {percentile(latencies, 0.5) * 1000:.0f} ms",
            flush=True,
        )
        check(all(code == 200 for code in statuses), f"the other client is always served ({sorted(set(statuses))})")
        check(max(latencies) < 1.0, "the other client is served in under a second throughout")
        check(set(flood) <= {422, 429}, f"the flood gets 422 (budget) and 429 (its limits) only ({counts})")
        check(flood.count(429) > 0, "the flooding client is held to its share (429)")
        check(instance.metric('sumpuzzles_shed_total{reason="client_busy"}') > 0, "client_busy refusals are counted")
    finally:
        instance.stop()


def bounded_cost(binary):
    """Worst-case requests on the embedded defaults: each a 422 that says how far it got,
    after at most about 2 s of CPU."""
    print("bounded cost: worst-case /solve, /rate, /hint, /render of the heavy 24x24 grid and a hostile 16x16 killer", flush=True)
    instance = Instance(binary, 18171)
    blank = HEAVY_BLANK
    cases = [
        ("/solve", HEAVY_SOLVE),
        ("/rate", HEAVY_SOLVE),
        ("/hint", dict(HEAVY_SOLVE, answer=blank)),
        ("/render", dict(HEAVY_SOLVE, solution=True)),
        ("/check", dict(HEAVY_SOLVE, answer=blank)),
    ]
    killer = {"id": HEAVY_KILLER_ID}
    cases += [
        ("/solve", killer),
        ("/rate", killer),
        ("/hint", dict(killer, answer=["." * 16] * 16)),
    ]
    try:
        for path, body in cases:
            before = instance.cpu_seconds()
            status, _, data, elapsed = timed(instance.port, "POST", path, body, timeout=60)
            cpu = instance.cpu_seconds() - before
            problem = json.loads(data) if data else {}
            print(
                f"  {body.get('genre') or body['id'].split(':')[0]} {path}: {status} {problem.get('type', '')} steps={problem.get('steps')} "
                f"stage={problem.get('stage')!r} in {elapsed:.2f} s, {cpu:.2f} s of CPU",
                flush=True,
            )
            if path == "/check":
                check(status == 200, "/check of the heavy grid answers at once")
            elif path == "/rate":
                check(status in (200, 422), f"/rate answers ({status})")
            else:
                check(status == 422 and problem.get("type") == "/problems/budget-exhausted", f"{path}: a 422, budget exhausted")
                check(problem.get("steps") and problem.get("stage"), f"{path}: the problem says how far it got")
            check(cpu < 2.5, f"{path}: at most about 2 s of CPU ({cpu:.2f} s)")
    finally:
        instance.stop()


def memory(binary):
    """32 concurrent maximum-size bodies (1 MiB of small values, the issue's) from 32 clients:
    the process stays under 256 MiB and returns near its baseline."""
    print("memory: 32 concurrent 1 MiB bodies from 32 clients", flush=True)
    instance = Instance(binary, 18181)
    values = "0," * ((1 << 20) // 2 - 40)
    body = ('{"genre":"kakuro","puzzle":{"grid":[' + values + '0]}}').encode()
    answer_body = ('{"id":"kakuro:3x3:DbAb/4.6.3.7","answer":[' + '"",' * ((1 << 20) // 3 - 20) + '""]}').encode()
    try:
        for _ in range(3):
            request(instance.port, "POST", "/solve", {"id": "kakuro:3x3:DbAb/4.6.3.7"})
        time.sleep(0.5)
        baseline = instance.rss_mib()
        peak = [baseline]
        sampling = threading.Event()

        def sample():
            while not sampling.is_set():
                peak.append(instance.rss_mib())
                time.sleep(0.005)

        sampler = threading.Thread(target=sample)
        sampler.start()
        results = []

        def send(i, data, path):
            connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=60, source_address=(f"127.0.1.{i + 10}", 0))
            try:
                connection.request("POST", path, body=data, headers={"content-type": "application/json"})
                response = connection.getresponse()
                results.append(response.status)
                response.read()
            except OSError as error:
                results.append(repr(error))
            finally:
                connection.close()

        afters = []
        for round_ in range(6):
            data, path = (body, "/solve") if round_ % 2 == 0 else (answer_body, "/check")
            threads = [threading.Thread(target=send, args=(i, data, path)) for i in range(32)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            time.sleep(2)
            afters.append(instance.rss_mib())
        sampling.set()
        sampler.join()
        after = afters[-1]
        print(
            f"  RSS baseline {baseline:.1f} MiB, peak {max(peak):.1f} MiB over 6 rounds of 32 bodies; "
            f"2 s after each round: {', '.join(f'{a:.0f}' for a in afters)} MiB; answers {sorted(set(map(str, results)))}",
            flush=True,
        )
        check(len(results) == 6 * 32 and all(r in (400, 422) for r in results), "every body gets its 4xx")
        check(max(peak) < 256, "32 concurrent maximum bodies stay under 256 MiB")
        check(after < baseline + 32, "the process returns near its baseline")
        check(max(afters) < baseline + 48, "repeated bursts do not pile up")
    finally:
        instance.stop()
