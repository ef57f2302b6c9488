"""The public edge (issue 18), what it answers and says: the status and problem of each
malformed, oversized or slow request, and the logs, request ids, /metrics and /docs/ headers
under shedding."""

import http.client
import json
import socket
import threading
import time

from .harness import MANY_CLIENTS, Instance, check, generate_path, request


def answers(binary):
    """The status and body of each case of finding 5, from real clients."""
    print("answers: half-close, an oversized Content-Length, a whole 10 MB body, a slow upload, queued and expired", flush=True)
    instance = Instance(binary, 18191, body_timeout_ms=1000)
    try:
        def problem_of(raw_response):
            head, _, body = raw_response.partition(b"\r\n\r\n")
            status = int(head.split()[1]) if head else 0
            kind = json.loads(body).get("type", "") if body.startswith(b"{") else ""
            return status, kind, head.lower()

        def exchange(data, half_close=False, wait=10):
            s = socket.create_connection(("127.0.0.1", instance.port), timeout=wait)
            s.sendall(data)
            if half_close:
                s.shutdown(socket.SHUT_WR)
            chunks = []
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
                    if b"\r\n\r\n" in b"".join(chunks) and half_close is False and len(chunks) > 0:
                        head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
                        length = [int(l.split(b":")[1]) for l in head.lower().split(b"\r\n") if l.startswith(b"content-length:")]
                        if length and len(body) >= length[0]:
                            break
            except socket.timeout:
                pass
            finally:
                s.close()
            return b"".join(chunks)

        # printf 'GET /healthz HTTP/1.0\r\n\r\n' | nc -N 127.0.0.1 PORT
        status, _, _ = problem_of(exchange(b"GET /healthz HTTP/1.0\r\n\r\n", half_close=True))
        check(status == 200, f"a half-closed HTTP/1.0 client gets its response ({status})")

        start = time.perf_counter()
        status, kind, head = problem_of(exchange(b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n"))
        elapsed = time.perf_counter() - start
        check(status == 413 and kind == "/problems/too-large" and elapsed < 1, f"Content-Length 99999999999: 413 at once ({status} {kind}, {elapsed * 1000:.0f} ms)")

        import urllib.error
        import urllib.request
        big = urllib.request.Request(
            f"http://127.0.0.1:{instance.port}/solve", data=b" " * (10 << 20), headers={"content-type": "application/json"}
        )
        try:
            urllib.request.urlopen(big, timeout=30)
            outcome = "200"
        except urllib.error.HTTPError as error:
            outcome = f"{error.code} {json.loads(error.read()).get('type')}"
        except OSError as error:
            outcome = repr(error)
        check(outcome == "413 /problems/too-large", f"urllib writing a whole 10 MB body reads the 413 ({outcome})")

        status, kind, _ = problem_of(exchange(b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"id\":"))
        check(status == 408 and kind == "/problems/request-timeout", f"a slow upload: 408 ({status} {kind})")

        for name, raw, want in [
            ("a malformed head", b"GET / HTTP/1.1\r\nHost x\r\n\r\n", 400),
            ("duplicate Content-Length", b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", 400),
            ("a long query", b"GET /generate?genre=kakuro&x=" + b"a" * 10000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
            ("large headers", b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 70000 + b"\r\n\r\n", 431),
            ("an unknown path under /docs/", b"GET /docs/nothing.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
        ]:
            status, kind, head = problem_of(exchange(raw))
            check(status == want and kind.startswith("/problems/") and b"application/problem+json" in head, f"{name}: {want} with problem details ({status} {kind})")
    finally:
        instance.stop()
    # A request queued until its deadline and never worked on is a 503, not a 504: with every
    # request's deadline counted from its arrival and the queue first in, first out, it takes
    # a job that overruns its deadline, which src/http/pool.rs tests
    # (a_job_that_waited_past_its_deadline_is_a_503_not_a_504).


def logs_and_exposure(binary):
    """Shedding is counted and summed up at WARN (no ERROR per request); request ids are
    checked; /metrics is on the admin listener only; /docs/ sends its security headers."""
    print("logs and exposure: 6 s of shedding, request ids, /metrics, /docs/", flush=True)
    instance = Instance(binary, 18201, workers=1, queue=0, **MANY_CLIENTS)
    try:
        stop = threading.Event()
        statuses = []

        # Seeds of its own for each thread: requests for one seed share one generation (the
        # answers kept, src/http/answers.rs) instead of asking for a worker each.
        def hammer(first_seed):
            seed = first_seed
            while not stop.is_set():
                seed += 1
                try:
                    statuses.append(request(instance.port, "POST", generate_path(seed, "12x12"), timeout=30)[0])
                except OSError:
                    statuses.append(0)

        threads = [threading.Thread(target=hammer, args=(index * 1_000_000,)) for index in range(6)]
        for thread in threads:
            thread.start()
        time.sleep(6)
        stop.set()
        for thread in threads:
            thread.join()
        lines = instance.log_lines()
        errors = [line for line in lines if " ERROR " in line or '"level":"ERROR"' in line]
        warns = [line for line in lines if " WARN " in line]
        shed = statuses.count(503)
        print(f"  {len(statuses)} requests, {shed} shed; log: {len(errors)} ERROR, {len(warns)} WARN lines ({sum(map(len, lines))} bytes)", flush=True)
        check(shed > 10, "the overload was shed")
        check(not errors, f"no ERROR lines ({errors[:1]})")
        check(1 <= len(warns) <= 2, "shedding is summed up at WARN, at most once per 10 s")
        check(instance.metric('sumpuzzles_shed_total{reason="overloaded"}') >= shed, "shedding is counted by reason")

        connection = http.client.HTTPConnection("127.0.0.1", instance.port, timeout=10)
        connection.request("GET", "/healthz", headers={"x-request-id": "<script>alert(1)</script>"})
        response = connection.getresponse()
        response.read()
        echoed = response.getheader("x-request-id") or ""
        connection.close()
        check("<" not in echoed and echoed, f"a request id with markup is replaced ({echoed})")
        status, headers, _ = request(instance.port, "GET", "/metrics")
        check(status == 404, f"/metrics is not on the public port ({status})")
        status, headers, body = request(instance.admin_port, "GET", "/metrics")
        check(status == 200 and "access-control-allow-origin" not in {k.lower() for k in headers} and b"sumpuzzles_" in body,
              "/metrics is on the admin listener, without CORS")
        status, headers, _ = request(instance.port, "GET", "/docs/")
        lowered = {k.lower(): v for k, v in headers.items()}
        check(status == 200 and "default-src 'none'" in lowered.get("content-security-policy", "")
              and lowered.get("x-content-type-options") == "nosniff" and lowered.get("x-frame-options") == "DENY",
              "/docs/ sends CSP, nosniff and frame headers")
    finally:
        instance.stop()
