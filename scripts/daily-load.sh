#!/usr/bin/env bash
# One daily puzzle asked for again and again, under wrk (docs/benchmarks-http.md, "Answers
# computed once").
#
# Starts `sumpuzzles serve` on a free loopback port with the per-client limits lifted (no
# account of worker time, 1000 requests of one client at once: wrk stands for the players of a
# site, all from one address here; scripts/lifted-server.sh) and the pools off, sends the request once with curl (the first request, which
# makes the puzzle: its time is printed), then runs wrk on it and prints wrk's figures, the
# server's CPU time per request over the run, the answer cache's counters from /metrics (none
# before the cache existed) and the load average. Fails when any answer has a status of 400 or
# more, or on a socket error.
#
#   scripts/daily-load.sh [--binary target/release/sumpuzzles] [--connections 10]
#                         [--delay-ms 20] [--duration 20] [--threads 2]
#                         [--path '/daily?genre=kakuro&shape=12x12&level=expert&date=2025-03-14']
#
# With --delay-ms D (> 0) each connection waits D ms after each answer: c connections offer
# about c * 1000 / D requests a second (10 and 20: 500/s); --delay-ms 0 sends as fast as the
# server answers.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=target/release/sumpuzzles
CONNECTIONS=10
DELAY_MS=20
DURATION=20
THREADS=2
REQUEST='/daily?genre=kakuro&shape=12x12&level=expert&date=2025-03-14'
while (($#)); do
    case $1 in
        --binary) BIN=$2 && shift 2 ;;
        --connections) CONNECTIONS=$2 && shift 2 ;;
        --delay-ms) DELAY_MS=$2 && shift 2 ;;
        --duration) DURATION=$2 && shift 2 ;;
        --threads) THREADS=$2 && shift 2 ;;
        --path) REQUEST=$2 && shift 2 ;;
        *) echo "unknown argument $1" >&2 && exit 2 ;;
    esac
done
WRK=${WRK:-/usr/bin/wrk}

. scripts/lifted-server.sh
start_lifted_server --pools off
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$ADMIN/readyz" >/dev/null 2>&1 && break
    sleep 0.1
done

cpu_ticks() { awk '{print $14 + $15}' "/proc/$SERVER_PID/stat"; }
cache() {
    curl -s "http://127.0.0.1:$ADMIN/metrics" |
        awk -v name="$1" '$1 ~ "^"name"({|$)" {sum += $NF} END {printf "%d", sum}'
}

first=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "http://127.0.0.1:$PORT$REQUEST")
echo "first request: status ${first% *}, ${first#* } s"
[[ ${first% *} == 200 ]] || { cat "$WORK/server.log" >&2; exit 1; }

ticks_before=$(cpu_ticks)
WRK_PATH=$REQUEST WRK_DELAY_MS=$DELAY_MS "$WRK" -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" \
    --latency -s scripts/wrk/post.lua "http://127.0.0.1:$PORT/" >"$WORK/wrk.out"
ticks_after=$(cpu_ticks)
result=$(grep WRK_RESULT "$WORK/wrk.out")
echo "$result"
requests=$(sed 's/.*requests=\([0-9]*\).*/\1/' <<<"$result")
tick=$(getconf CLK_TCK)
echo "server CPU per request: $(awk -v t=$((ticks_after - ticks_before)) -v n="$requests" -v hz="$tick" \
    'BEGIN {printf "%.1f", t / hz * 1e6 / (n > 0 ? n : 1)}') µs"
echo "answer cache: hits $(cache sumpuzzles_answer_cache_hits_total)," \
    "misses $(cache sumpuzzles_answer_cache_misses_total)," \
    "fills $(cache sumpuzzles_answer_cache_fills_total)," \
    "bytes $(cache sumpuzzles_answer_cache_bytes)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
grep -q 'status_errors=0 socket_errors=0' <<<"$result" || {
    echo "errors under load" >&2
    exit 1
}
