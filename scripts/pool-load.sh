#!/usr/bin/env bash
# Unseeded /generate requests against the pools of pregenerated puzzles, under wrk.
#
# Builds the release binary, starts `sumpuzzles serve` on a free loopback port with the
# embedded defaults (the per-client limits lifted, as in scripts/http-load.sh: wrk stands for
# many clients), waits until the pool of the key asked for is full and no fill is under way,
# then runs wrk on /healthz and then on the unseeded request, each with an open rate (each connection waits WRK_DELAY_MS after each answer) and
# prints wrk's figures with the pool's hits, misses, fills and depth over the run, and the key's
# fill rate per core (fills made over their worker CPU time), read from /metrics on the admin
# listener. Fails when any answer has a status of 400 or more.
#
#   scripts/pool-load.sh [--key kakuro:16x16:expert] [--connections 2] [--delay-ms 1000]
#                        [--duration 30] [--no-build] [-- extra serve flags]
#
# Offered rate: about connections * 1000 / delay-ms requests a second.
set -euo pipefail
cd "$(dirname "$0")/.."

KEY=kakuro:16x16:expert
CONNECTIONS=2
DELAY_MS=1000
DURATION=30
BUILD=1
EXTRA=()
while (($#)); do
    case $1 in
        --key) KEY=$2 && shift 2 ;;
        --connections) CONNECTIONS=$2 && shift 2 ;;
        --delay-ms) DELAY_MS=$2 && shift 2 ;;
        --duration) DURATION=$2 && shift 2 ;;
        --no-build) BUILD=0 && shift ;;
        --) shift && EXTRA=("$@") && break ;;
        *) echo "unknown argument $1" >&2 && exit 2 ;;
    esac
done
IFS=: read -r GENRE SHAPE LEVEL <<<"$KEY"

((BUILD)) && cargo build --release --quiet
BIN=target/release/sumpuzzles
WRK=${WRK:-/usr/bin/wrk}

. scripts/lifted-server.sh
start_lifted_server "${EXTRA[@]}"

LABELS="genre=\"$GENRE\",level=\"$LEVEL\",shape=\"$SHAPE\""
# A metric's value, summed over the lines whose labels include every one of $2 (comma-separated).
metric() {
    curl -fsS "http://127.0.0.1:$ADMIN/metrics" | awk -v name="$1" -v labels="$2" '
        BEGIN { n = split(labels, wanted, ","); sum = 0 }
        /^#/ { next }
        index($0, name) == 1 && (substr($0, length(name) + 1, 1) == " " || substr($0, length(name) + 1, 1) == "{") {
            ok = 1
            for (i = 1; i <= n; i++) if (wanted[i] != "" && index($0, wanted[i]) == 0) ok = 0
            if (ok) sum += $NF
        }
        END { print sum + 0 }'
}

for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$ADMIN/readyz" >/dev/null 2>&1 && break
    sleep 0.1
done
DEPTH=$(sed -n 's/.*--pool-depth[= ]\([0-9]*\).*/\1/p' <<<"${EXTRA[*]:-}")
DEPTH=${DEPTH:-16}
[[ " ${EXTRA[*]:-} " == *" --pools off "* ]] && DEPTH=0
START=$(date +%s.%N)
while (($(metric sumpuzzles_puzzle_pool_depth "$LABELS") < DEPTH)) ||
    (($(metric sumpuzzles_puzzle_pool_filling "") > 0)); do
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2 && exit 1; }
    sleep 0.2
done
WARM=$(awk -v a="$START" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
TOTAL=$(metric sumpuzzles_puzzle_pool_depth "")
echo "warm after ${WARM} s: $KEY holds $DEPTH, all pools $TOTAL puzzles, $(metric sumpuzzles_puzzle_pool_bytes "") bytes"

# The service's own /healthz at the same open rate first: on a shared machine its latency says
# what the neighbours cost every answer.
HEALTH=$(WRK_METHOD=GET WRK_PATH=/healthz WRK_DELAY_MS=$DELAY_MS "$WRK" -t1 "-c$CONNECTIONS" \
    "-d${DURATION}s" --timeout 30s --latency -s scripts/wrk/post.lua "http://127.0.0.1:$PORT/" |
    grep WRK_RESULT)
echo "healthz: $HEALTH"
HITS0=$(metric sumpuzzles_puzzle_pool_hits_total "$LABELS")
MISSES0=$(metric sumpuzzles_puzzle_pool_misses_total "$LABELS")
MADE0=$(metric sumpuzzles_puzzle_pool_fills_total "$LABELS,outcome=\"made\"")
CANCELLED0=$(metric sumpuzzles_puzzle_pool_fills_total "outcome=\"cancelled\"")
RESULT=$(WRK_METHOD=POST WRK_PATH="/generate?genre=$GENRE&shape=$SHAPE&level=$LEVEL" \
    WRK_DELAY_MS=$DELAY_MS "$WRK" -t1 "-c$CONNECTIONS" "-d${DURATION}s" --timeout 30s --latency \
    -s scripts/wrk/post.lua "http://127.0.0.1:$PORT/" | grep WRK_RESULT)
echo "generate: $RESULT"
echo "during the run: hits $(($(metric sumpuzzles_puzzle_pool_hits_total "$LABELS") - HITS0))" \
    "misses $(($(metric sumpuzzles_puzzle_pool_misses_total "$LABELS") - MISSES0))" \
    "fills made $(($(metric sumpuzzles_puzzle_pool_fills_total "$LABELS,outcome=\"made\"") - MADE0))" \
    "fills cancelled (all keys) $(($(metric sumpuzzles_puzzle_pool_fills_total "outcome=\"cancelled\"") - CANCELLED0))" \
    "depth at the end $(metric sumpuzzles_puzzle_pool_depth "$LABELS")"
# The key's fill rate per core since the start (warm-up included): what sizes a pool.
FILLS_MADE=$(metric sumpuzzles_puzzle_pool_fills_total "$LABELS,outcome=\"made\"")
FILL_CPU=$(metric sumpuzzles_puzzle_pool_fill_cpu_microseconds_total "$LABELS,outcome=\"made\"")
awk -v made="$FILLS_MADE" -v us="$FILL_CPU" 'BEGIN {
    if (us > 0) printf "fill rate per core: %d puzzles made in %.2f s of worker CPU: %.2f a second\n", made, us / 1e6, made / (us / 1e6) }'
ERRORS=$(sed -n 's/.* status_errors=\([0-9]*\).*/\1/p' <<<"$RESULT")
SOCKETS=$(sed -n 's/.* socket_errors=\([0-9]*\).*/\1/p' <<<"$RESULT")
((ERRORS == 0 && SOCKETS == 0)) || { echo "status or socket errors" >&2 && exit 1; }
