"""A request's and a process's end: a departed client frees its worker and a budget ends a
search, clients trickling headers are cut off, and SIGTERM drains without cutting a request
(under load, and for a request sent on a connection accepted before it)."""

import http.client
import json
import signal
import socket
import threading
import time

from .harness import MANY_CLIENTS, Instance, check, generate_path, request, timed


def cancellation(binary):
    """A client that goes away frees its worker within 100 ms; a small budget ends in a 422."""
    print("cancellation: a departed client frees its worker; budgets end searches", flush=True)
    instance = Instance(binary, 18111, workers=1, queue=0)
    try:
        # A 4x5 Kakuro cannot be expert: the generator searches for about a second before it says so.
        # Without a seed: a seeded generation is an answer kept for the next request of the same
        # seed (src/http/answers.rs), made to the end even when its first requester leaves.
        before = instance.metric("sumpuzzles_cancelled_total")
        client = socket.create_connection(("127.0.0.1", instance.port))
        client.sendall(b"POST /generate?genre=kakuro&shape=4x5&level=expert HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        waited = time.time()
        while instance.metric("sumpuzzles_pool_in_use") < 1:
            if time.time() - waited > 5:
                break
            time.sleep(0.005)
        check(instance.metric("sumpuzzles_pool_in_use") == 1, "the long request holds the worker")
        time.sleep(0.1)
        client.close()
        closed = time.perf_counter()
        while instance.metric("sumpuzzles_pool_in_use") > 0 and time.perf_counter() - closed < 2:
            time.sleep(0.002)
        freed = time.perf_counter() - closed
        print(f"  worker freed {freed * 1000:.1f} ms after the client disconnected", flush=True)
        check(freed < 0.1, "the worker is freed within 100 ms")
        check(instance.metric("sumpuzzles_cancelled_total") > before, "the cancellation shows in sumpuzzles_cancelled_total")
        status, _, _ = request(instance.port, "POST", "/solve", {"id": "kakuro:3x3:DbAb/4.6.3.7"})
        check(status == 200, "the freed worker serves the next request")

        status, _, body, elapsed = timed(instance.port, "POST", generate_path(3, "16x16") + "&budget=100000")
        print(f"  budget of 100000 steps: {status} after {elapsed * 1000:.0f} ms", flush=True)
        check(status == 422 and b"budget" in body, "a budget that runs out ends the search with a 422")
        check(instance.metric("sumpuzzles_budget_exhausted_total") >= 1, "it shows in sumpuzzles_budget_exhausted_total")
    finally:
        instance.stop()


def slow_clients(binary):
    """Slowloris: clients trickling headers are cut off and hold no worker."""
    print("slow clients: 50 connections trickling headers", flush=True)
    instance = Instance(binary, 18121, header_timeout_ms=2000, workers=1)
    sockets = []
    try:
        for _ in range(50):
            s = socket.create_connection(("127.0.0.1", instance.port))
            s.sendall(b"POST /generate?genre=kakuro HTTP/1.1\r\nHost: x\r\n")
            s.settimeout(0.01)
            sockets.append(s)
        start = time.time()
        closed_at = {}
        while time.time() - start < 6 and len(closed_at) < len(sockets):
            for i, s in enumerate(sockets):
                if i in closed_at:
                    continue
                try:
                    s.sendall(b"X")
                    data = s.recv(1024)
                    if data == b"" or data.startswith(b"HTTP/1.1 408"):
                        closed_at[i] = time.time() - start
                except socket.timeout:
                    pass
                except OSError:
                    closed_at[i] = time.time() - start
            # While they trickle, a normal client is served at once.
            if 0.5 < time.time() - start < 0.7:
                status, _, _, elapsed = timed(instance.port, "POST", "/solve", {"id": "kakuro:3x3:DbAb/4.6.3.7"})
                check(status == 200 and elapsed < 0.5, f"a normal request is served meanwhile ({elapsed * 1000:.0f} ms)")
                check(instance.metric("sumpuzzles_pool_in_use") == 0, "the slow clients hold no worker")
            time.sleep(0.3)
        latest = max(closed_at.values(), default=float("inf"))
        print(f"  {len(closed_at)}/50 cut off, the last after {latest:.1f} s (header timeout 2 s)", flush=True)
        check(len(closed_at) == len(sockets) and latest < 4, "every slow client is cut off by the header-read timeout")
    finally:
        for s in sockets:
            s.close()
        instance.stop()


def late_first_request(binary):
    """A connection accepted before SIGTERM whose request comes only after the drain (the
    listener closed, the connections told to close) is answered, then closed: not dropped
    unread, which would reset the client over a request it had sent."""
    print("graceful shutdown: a request on a connection accepted before SIGTERM, sent after the drain", flush=True)
    instance = Instance(binary, 18133, drain_ms=200, header_timeout_ms=4000, grace_ms=10000)
    sock = None
    try:
        sock = socket.create_connection(("127.0.0.1", instance.port), timeout=5)
        time.sleep(0.3)
        instance.process.send_signal(signal.SIGTERM)
        time.sleep(0.7)
        refused = False
        try:
            socket.create_connection(("127.0.0.1", instance.port), timeout=1).close()
        except ConnectionRefusedError:
            refused = True
        check(refused, "a new connection is refused once the drain is over")
        answer = b""
        try:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            while chunk := sock.recv(65536):
                answer += chunk
        except OSError as error:
            answer += repr(error).encode()
        head = answer.split(b"\r\n\r\n", 1)[0].lower()
        check(head.startswith(b"http/1.1 200"), f"the request is answered ({answer[:60]!r})")
        check(b"connection: close" in head, "with Connection: close, and the connection closed")
        code = instance.process.wait(timeout=10)
        check(code == 0, f"the process exits cleanly ({code})")
    finally:
        if sock is not None:
            sock.close()
        instance.stop(signal.SIGKILL)


def graceful_shutdown(binary):
    """SIGTERM under load: /readyz turns 503 first, requests under way finish, none is cut."""
    print("graceful shutdown: SIGTERM during load", flush=True)
    instance = Instance(binary, 18131, workers=2, queue=16, drain_ms=1000, grace_ms=30000, **MANY_CLIENTS)
    results = []
    stop = threading.Event()

    def client(offset):
        seed = offset
        while not stop.is_set():
            seed += 10
            try:
                status, _, body = request(instance.port, "POST", generate_path(seed), timeout=40)
                complete = status != 200 or json.loads(body).get("id", "").startswith("kakuro:")
                results.append(("answered", status, complete))
            except ConnectionRefusedError:
                results.append(("refused", 0, True))
                time.sleep(0.05)
            except (OSError, http.client.HTTPException, ValueError) as error:
                results.append(("broken", 0, repr(error)))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1.5)
        sent = time.perf_counter()
        instance.process.send_signal(signal.SIGTERM)
        readiness_off = None
        while time.perf_counter() - sent < 1.0:
            try:
                status, _, _ = request(instance.port, "GET", "/readyz", timeout=1)
                if status == 503:
                    readiness_off = time.perf_counter() - sent
                    break
            except OSError:
                break
            time.sleep(0.01)
        healthy = False
        try:
            healthy = request(instance.port, "GET", "/healthz", timeout=1)[0] == 200
        except OSError:
            pass
        check(readiness_off is not None and readiness_off < 0.2, f"/readyz turns 503 first ({(readiness_off or 0) * 1000:.0f} ms after SIGTERM)")
        check(healthy, "the service still answers while draining")
        code = instance.process.wait(timeout=40)
        stopped = time.perf_counter() - sent
        stop.set()
        for thread in threads:
            thread.join()
        answered = [r for r in results if r[0] == "answered"]
        broken = [r for r in results if r[0] == "broken"]
        incomplete = [r for r in answered if r[2] is not True]
        print(
            f"  exit {code} after {stopped:.1f} s; {len(answered)} answered, "
            f"{sum(r[0] == 'refused' for r in results)} refused after close, {len(broken)} broken",
            flush=True,
        )
        check(code == 0, "the process exits cleanly")
        check(all(r[1] == 200 for r in answered), f"every answered request succeeded ({sorted(set(r[1] for r in answered))})")
        check(not broken and not incomplete, f"no request is cut mid-response ({broken[:2]})")
    finally:
        stop.set()
        instance.stop(signal.SIGKILL)
