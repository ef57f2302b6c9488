"""The public edge's second pass (issue 31), floods over HTTP/1: heavy batches from one client,
a body in 1-byte chunks, guessed API keys, and cheap bulk calls beside worst-case solves."""

import http.client
import json
import os
import socket
import threading
import time

from .harness import Instance, check, percentile, request, timed
from .heavy import HEAVY_SOLVE


def batch_flood(binary):
    """The issue's batches: 24 batches of 100 32x32 expert puzzles from 127.0.0.1, heads only;
    another client (127.0.0.2) asks for a 6x6 easy puzzle every 200 ms for 20 s. Its statuses
    and latencies are the figures (run with --bin on an older build for the before)."""
    print("batch flood: 24 heavy batches from one client, another's small /generate every 200 ms", flush=True)
    instance = Instance(binary, 18211, workers=2)
    held = []
    try:
        path = "/generate/batch?genre=kakuro&shape=32x32&level=expert&count=100&seed=1000&solution=false"
        heads = []

        def batch():
            # Sent at once, as the client did; a head held (the body unread) until
            # the end, or for as long as the server makes it wait for its client's turn.
            connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=60)
            held.append(connection)
            try:
                connection.request("POST", path)
                heads.append(connection.getresponse().status)
            except OSError:
                heads.append(0)

        senders = [threading.Thread(target=batch, daemon=True) for _ in range(24)]
        for sender in senders:
            sender.start()
        time.sleep(1)
        cpu = instance.cpu_seconds()
        statuses, latencies = [], []
        started = time.time()
        while time.time() - started < 20:
            try:
                status, _, _, elapsed = timed(instance.port, "GET", "/generate?genre=kakuro&shape=6x6&level=easy",
                                              timeout=40, source="127.0.0.2")
            except OSError:
                status, elapsed = 0, 40.0
            statuses.append(status)
            latencies.append(elapsed)
            time.sleep(0.2)
        cpu = instance.cpu_seconds() - cpu
        head_counts = {code: heads.count(code) for code in sorted(set(heads))}
        counts = {code: statuses.count(code) for code in sorted(set(statuses))}
        served = [t for t, code in zip(latencies, statuses) if code == 200]
        print(
            f"  batch heads after 21 s {head_counts} (the rest still waiting); the other client: {len(statuses)} requests {counts}, "
            f"p50 {percentile(latencies, 0.5) * 1000:.0f} ms, p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
            f"max {max(latencies) * 1000:.0f} ms; server CPU {cpu:.1f} s in {time.time() - started:.0f} s",
            flush=True,
        )
        check(all(code == 200 for code in statuses), f"the other client is always served ({counts})")
        check(bool(served) and percentile(served, 0.95) < 3.0, "the other client's p95 is under 3 s")
    finally:
        for connection in held:
            connection.close()
        instance.stop()


def chunked_body(binary):
    """The issue's body: 1 MiB in 1-byte chunks (chunked transfer encoding) to /solve, from 4
    addresses at once, while 127.0.0.9 solves a small puzzle every 100 ms."""
    print("chunked body: 1 MiB in 1-byte chunks from 4 addresses, another client's /solve", flush=True)
    instance = Instance(binary, 18241)
    try:
        head = b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        body = b'{"id":"kakuro:3x3:DbAb/4.6.3.7"}'.ljust((1 << 20) - 1, b" ")
        chunked = head + b"".join(b"1\r\n" + body[i:i + 1] + b"\r\n" for i in range(len(body))) + b"0\r\n\r\n"
        answers = []

        def send(source):
            with socket.create_connection(("127.0.0.1", instance.port), timeout=60, source_address=(source, 0)) as s:
                try:
                    s.sendall(chunked)
                except OSError:
                    pass
                data = b""
                try:
                    while True:
                        more = s.recv(65536)
                        if not more:
                            break
                        data += more
                except OSError:
                    pass
                answers.append(data.split(b"\r\n", 1)[0].decode(errors="replace"))

        cpu = instance.cpu_seconds()
        before = time.time()
        status, _, data, _ = timed(instance.port, "POST", "/solve", {"id": "kakuro:3x3:DbAb/4.6.3.7"})
        send("127.0.0.1")
        one_cpu = instance.cpu_seconds() - cpu
        one_answer = answers[0]
        stop = threading.Event()
        latencies = []

        def victim():
            while not stop.is_set():
                latencies.append(timed(instance.port, "POST", "/solve", {"id": "kakuro:3x3:DbAb/4.6.3.7"},
                                       source="127.0.0.9")[3])
                time.sleep(0.1)

        probe = threading.Thread(target=victim)
        probe.start()
        cpu = instance.cpu_seconds()
        threads = [threading.Thread(target=send, args=(f"127.0.0.{n}",)) for n in range(2, 6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        four_cpu = instance.cpu_seconds() - cpu
        stop.set()
        probe.join()
        print(
            f"  one body: {one_answer!r}, {one_cpu:.2f} s of server CPU; four at once: {four_cpu:.2f} s; "
            f"the other client's /solve p95 {percentile(latencies, 0.95) * 1000:.1f} ms over {len(latencies)}",
            flush=True,
        )
        check(one_answer.startswith("HTTP/1.1 4"), f"the body is refused ({one_answer})")
        check(one_cpu < 0.15, f"it costs well under a worst-case operation (0.17 s): {one_cpu:.2f} s")
    finally:
        instance.stop()


def key_guessing(binary):
    """The issue's guesser: unknown API keys as fast as one thread sends them for 5 s."""
    print("key guessing: unknown API keys from one address for 5 s", flush=True)
    keys = json.dumps([{"key": "publisher-0123456789", "name": "publisher"}])
    instance = Instance(binary, 18251, api_keys=keys)
    try:
        logged = os.path.getsize(instance.log.name)
        statuses = []
        stop = time.time() + 5
        body = json.dumps({"id": "kakuro:3x3:DbAb/4.6.3.7"})
        n = 0
        while time.time() < stop:
            n += 1
            # A refusal before the body is read closes the connection: a new one each time.
            connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=10)
            connection.request("POST", "/solve", body=body,
                               headers={"content-type": "application/json", "x-api-key": f"guess-{n:016d}"})
            response = connection.getresponse()
            response.read()
            statuses.append(response.status)
            connection.close()
        counts = {code: statuses.count(code) for code in sorted(set(statuses))}
        written = os.path.getsize(instance.log.name) - logged
        forbidden = instance.metric('sumpuzzles_api_key_failures_total{outcome="forbidden"}')
        throttled = instance.metric('sumpuzzles_api_key_failures_total{outcome="throttled"}')
        other = request(instance.port, "POST", "/solve", {"id": "kakuro:3x3:DbAb/4.6.3.7"}, source="127.0.0.2")[0]
        print(
            f"  {len(statuses)} guesses {counts}; metric forbidden {forbidden:.0f}, throttled {throttled:.0f}; "
            f"{written} bytes of log; a keyless request of another address: {other}",
            flush=True,
        )
        check(counts.get(403, 0) <= 10 and counts.get(429, 0) > len(statuses) * 0.9, "guesses are throttled after a few")
        check(forbidden + throttled >= len(statuses), "failed lookups are counted")
        check(0 < written < 2000, "the failures are summed up in the log")
        check(other == 200, f"another address is not throttled (anonymous, keys not required: {other})")
    finally:
        instance.stop()


def bulk_and_flood(binary):
    """Limits by cost on the embedded defaults: one address (a backend) makes 2,000 cheap
    /check and /solve calls in a row, while another floods with the worst-case /solve."""
    print("bulk and flood: 2,000 cheap calls from one address, worst-case solves from another", flush=True)
    instance = Instance(binary, 18261)
    try:
        stop = threading.Event()
        flood = []

        def flooder():
            while not stop.is_set():
                try:
                    flood.append(request(instance.port, "POST", "/solve", HEAVY_SOLVE, source="127.0.0.2")[0])
                except OSError:
                    flood.append(0)

        threads = [threading.Thread(target=flooder) for _ in range(2)]
        cpu = instance.cpu_seconds()
        for thread in threads:
            thread.start()
        statuses = []
        connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=30)
        started = time.time()
        check_body = json.dumps({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#13", "#34"]})
        solve_body = json.dumps({"id": "kakuro:3x3:DbAb/4.6.3.7"})
        for n in range(2000):
            path, body = ("/check", check_body) if n % 2 else ("/solve", solve_body)
            connection.request("POST", path, body=body, headers={"content-type": "application/json"})
            response = connection.getresponse()
            response.read()
            statuses.append(response.status)
        took = time.time() - started
        connection.close()
        # Ten more seconds of the flood alone, then the CPU it took against its share: a client
        # over its share of worker time (500 ms a second on 2 workers, 10 s at once) gets 429.
        time.sleep(10)
        stop.set()
        for thread in threads:
            thread.join()
        cpu = instance.cpu_seconds() - cpu
        elapsed = time.time() - started
        counts = {code: statuses.count(code) for code in sorted(set(statuses))}
        flood_counts = {code: flood.count(code) for code in sorted(set(flood))}
        print(
            f"  bulk: {len(statuses)} calls {counts} in {took:.1f} s; flood: {flood_counts}; "
            f"server CPU {cpu:.1f} s in {elapsed:.0f} s",
            flush=True,
        )
        check(counts == {200: 2000}, f"the bulk client is never throttled ({counts})")
        check(set(flood) <= {422, 429}, f"the flood gets 422 (budget) and 429 (its share) only ({flood_counts})")
        check(flood.count(429) > 0 or cpu <= 0.5 * elapsed + 10,
              f"the flood is held to its share: 429, or it used no more ({cpu:.1f} s of CPU in {elapsed:.0f} s)")
    finally:
        instance.stop()
