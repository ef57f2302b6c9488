"""The public edge's second pass (issue 31), HTTP/2 abuse from raw frames: connections pinned
with a zero window, and floods of reset streams."""

import os
import socket
import threading
import time

from .harness import Instance, check, request


def h2_frame(kind, flags, stream, payload=b""):
    """An HTTP/2 frame: length, type, flags, stream, payload."""
    return len(payload).to_bytes(3, "big") + bytes([kind, flags]) + stream.to_bytes(4, "big") + payload


def h2_preface(settings=()):
    """The client preface and SETTINGS with (id, value) pairs."""
    payload = b"".join(key.to_bytes(2, "big") + value.to_bytes(4, "big") for key, value in settings)
    return b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + h2_frame(4, 0, 0, payload)


def h2_get_healthz(stream):
    """HEADERS of GET http://x/healthz, ending the stream (HPACK literals)."""
    block = bytes([0x82, 0x86, 0x04, 8]) + b"/healthz" + bytes([0x01, 1]) + b"x"
    return h2_frame(1, 0x1 | 0x4, stream, block)


def zero_window(binary):
    """The issue's pin: 62 HTTP/2 connections with a window of 0, each asking for /healthz, to a
    server of 64 connections; another client asks for /genres every 200 ms."""
    print("zero window: 62 pinned HTTP/2 connections from one address, --max-connections 64", flush=True)
    instance = Instance(binary, 18221, max_connections=64)
    pinned = []
    try:
        opened = time.time()
        for _ in range(62):
            s = socket.create_connection(("127.0.0.1", instance.port))
            s.sendall(h2_preface([(0x4, 0)]) + h2_get_healthz(1))
            s.setblocking(False)
            pinned.append(s)
        statuses, ended = [], {}
        while time.time() - opened < 45:
            try:
                status = request(instance.port, "GET", "/genres", timeout=10, source="127.0.0.2")[0]
            except OSError:
                status = 0
            statuses.append(status)
            for i, s in enumerate(pinned):
                if i in ended:
                    continue
                try:
                    while True:
                        data = s.recv(65536)
                        if not data:
                            ended[i] = time.time() - opened
                            break
                except BlockingIOError:
                    pass
                except OSError:
                    ended[i] = time.time() - opened
            if len(ended) == len(pinned) and len(statuses) >= 20:
                break
            time.sleep(0.2)
        counts = {code: statuses.count(code) for code in sorted(set(statuses))}
        last = max(ended.values(), default=float("inf"))
        print(
            f"  the other client: {len(statuses)} requests {counts}; pinned connections ended: "
            f"{len(ended)}/62, the last after {last:.1f} s",
            flush=True,
        )
        check(all(code == 200 for code in statuses), f"the other client is served throughout ({counts})")
        check(len(ended) == 62 and last < 40, "every pinned connection ends within the send timeout (30 s) and a check")
    finally:
        for s in pinned:
            s.close()
        instance.stop()


def reset_flood(binary):
    """The issue's reset flood: connections that each send 21 x (HEADERS + RST_STREAM) to
    /healthz, for 10 s; the log's growth and the server's CPU."""
    print("reset flood: 10 s of connections of 21 reset streams each", flush=True)
    instance = Instance(binary, 18231)
    try:
        flood = h2_preface() + b"".join(
            h2_get_healthz(n) + h2_frame(3, 0, n, (8).to_bytes(4, "big")) for n in range(1, 43, 2)
        )
        logged = os.path.getsize(instance.log.name)
        cpu = instance.cpu_seconds()
        stop = time.time() + 10
        count = [0]

        def flooder():
            while time.time() < stop:
                try:
                    with socket.create_connection(("127.0.0.1", instance.port), timeout=5) as s:
                        s.sendall(flood)
                        while s.recv(65536):
                            pass
                    count[0] += 1
                except OSError:
                    pass

        threads = [threading.Thread(target=flooder) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        cpu = instance.cpu_seconds() - cpu
        written = os.path.getsize(instance.log.name) - logged
        counted = instance.metric("sumpuzzles_protocol_warnings_total")
        status = request(instance.port, "GET", "/healthz")[0]
        print(
            f"  {count[0]} connections in 10 s; {written} bytes of log; {counted:.0f} warnings counted; "
            f"server CPU {cpu:.1f} s; /healthz after: {status}",
            flush=True,
        )
        check(count[0] > 100, "the flood ran")
        check(written < 2000, f"the log stays small ({written} bytes)")
        check(counted >= count[0] * 0.9, "the warnings are counted")
        check(status == 200, "/healthz answers after")
    finally:
        instance.stop()
