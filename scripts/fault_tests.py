#!/usr/bin/env python3
"""Behaviour under load and faults, on real processes on loopback.

Each scenario starts its own sumpuzzles processes (and nginx, wrk where needed), measures, prints
one line per finding and stops everything it started. Exit status 1 when any expectation fails.

    scripts/fault_tests.py [--bin target/release/sumpuzzles] [scenario ...]

Scenarios: overload, replica_failure, cancellation, slow_clients, graceful_shutdown, schemathesis,
the public edge (issue 18): silent_sockets, silent_sockets_64 (the same under a limit of 64
descriptors), fairness, bounded_cost, memory, answers, logs_and_exposure; and its second pass
(issue 31): batch_flood, zero_window, reset_flood, chunked_body, key_guessing, bulk_and_flood.

The scenarios are in scripts/fault_scenarios/, one module per family: load (overload,
replica_failure), lifecycle (cancellation, slow_clients, late_first_request,
graceful_shutdown), openapi_contract (schemathesis), edge_limits and edge_answers (issue 18),
http2_abuse and floods (issue 31), beside what they share (harness: the processes, requests and
findings; heavy: the worst-case requests). This file names them and runs them.
"""

import argparse
import sys
import time

from fault_scenarios.edge_answers import answers, logs_and_exposure
from fault_scenarios.edge_limits import bounded_cost, fairness, memory, silent_sockets, silent_sockets_64
from fault_scenarios.floods import batch_flood, bulk_and_flood, chunked_body, key_guessing
from fault_scenarios.harness import FAILURES, ROOT, check
from fault_scenarios.http2_abuse import reset_flood, zero_window
from fault_scenarios.lifecycle import cancellation, graceful_shutdown, late_first_request, slow_clients
from fault_scenarios.load import overload, replica_failure
from fault_scenarios.openapi_contract import schemathesis

SCENARIOS = {
    "overload": overload,
    "replica_failure": replica_failure,
    "cancellation": cancellation,
    "slow_clients": slow_clients,
    "graceful_shutdown": graceful_shutdown,
    "late_first_request": late_first_request,
    "schemathesis": schemathesis,
    "silent_sockets": silent_sockets,
    "silent_sockets_64": silent_sockets_64,
    "fairness": fairness,
    "bounded_cost": bounded_cost,
    "memory": memory,
    "answers": answers,
    "logs_and_exposure": logs_and_exposure,
    "batch_flood": batch_flood,
    "zero_window": zero_window,
    "reset_flood": reset_flood,
    "chunked_body": chunked_body,
    "key_guessing": key_guessing,
    "bulk_and_flood": bulk_and_flood,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(ROOT / "target/release/sumpuzzles"))
    parser.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    args = parser.parse_args()
    for name in args.scenarios:
        started = time.time()
        try:
            SCENARIOS[name](args.bin)
        except Exception as error:  # a scenario that cannot run is a failure, not a crash
            check(False, f"{name} ran to the end ({error!r})")
        print(f"  ({time.time() - started:.1f} s)", flush=True)
    if FAILURES:
        print(f"{len(FAILURES)} expectation(s) failed", flush=True)
        sys.exit(1)
    print("all fault scenarios passed", flush=True)


if __name__ == "__main__":
    main()
