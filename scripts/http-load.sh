#!/usr/bin/env bash
# HTTP load figures for one replica with its default settings (docs/benchmarks-http.md).
#
# Builds the release binary, starts `sumpuzzles serve` on a free loopback port, waits for
# /readyz, checks each request once (status 200 and the expected answer), then runs wrk
# (scripts/wrk/post.lua) on each endpoint, each run right after a /healthz run with the same
# settings: the ratio of the two is the figure, as the machine's speed cancels out of it. The
# whole set is repeated (--rounds) and the table shows medians. The server's memory (VmRSS
# sampled every 0.2 s, and the kernel's VmHWM) and CPU time per request are recorded too.
#
# Usage: scripts/http-load.sh [--quick] [--duration S] [--rounds N] [--connections N]
#                             [--threads N] [--pin] [--no-build | --binary PATH]
#                             [--only NAME,...]
#   --quick        smoke mode for CI: 2 s per run, one round, no warm-up (about 50 s)
#   --duration S   seconds per wrk run (default 5)
#   --rounds N     repeats of the whole set (default 3)
#   --connections  wrk connections (default 8; at most workers + queue, so nothing is shed)
#   --threads N    wrk threads (default 1)
#   --pin          server on CPU 0, wrk on CPU 1 (the server then sees one core: 1 worker)
#   --no-build     use target/release/sumpuzzles as it is
#   --binary PATH  use this binary (to compare two builds; implies --no-build)
#   --only         run only these endpoints (names in the first column of the table)
#
# Fails when any request is answered with a status of 400 or more (wrk counts those; the
# service has no 3xx), on any socket error or timeout, and when a check request gets a wrong
# answer. The targets (ratio and p99) are reported, not enforced: timings on a shared machine
# are no test.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

DURATION=5
ROUNDS=3
CONNECTIONS=8
THREADS=1
PIN=0
BUILD=1
WARMUP=1
ONLY=""
BIN=target/release/sumpuzzles
while (($#)); do
    case $1 in
    --quick) DURATION=2 ROUNDS=1 WARMUP=0 ;;
    --duration) DURATION=$2 && shift ;;
    --rounds) ROUNDS=$2 && shift ;;
    --connections) CONNECTIONS=$2 && shift ;;
    --threads) THREADS=$2 && shift ;;
    --pin) PIN=1 ;;
    --no-build) BUILD=0 ;;
    --binary) BIN=$2 BUILD=0 && shift ;;
    --only) ONLY=",$2," && shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' && exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2 && exit 2 ;;
    esac
    shift
done

# ---------------------------------------------------------------- tools
SUDO=()
[[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null && SUDO=(sudo)
apt_pkgs=()
command -v wrk >/dev/null || apt_pkgs+=(wrk)
command -v curl >/dev/null || apt_pkgs+=(curl)
command -v jq >/dev/null || apt_pkgs+=(jq)
if ((${#apt_pkgs[@]})); then
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update -qq >/dev/null
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${apt_pkgs[@]}" >/dev/null
fi
WRK=$(command -v wrk)

if ((BUILD)); then
    cargo build --release --bin sumpuzzles
fi
export RUST_BACKTRACE=0

CPUS=$(nproc)
WRK_PIN=() SERVER_PIN=()
if ((PIN)); then
    ((CPUS >= 2)) || { echo "--pin needs two cores" >&2 && exit 2; }
    SERVER_PIN=(taskset -c 0) WRK_PIN=(taskset -c 1)
    SERVER_CPUS=1
else
    SERVER_CPUS=$CPUS
fi
# The pool's defaults: a worker per core the server may use, 8 waiting per worker.
CAPACITY=$((SERVER_CPUS * 9))
if ((CONNECTIONS > CAPACITY)); then
    echo "--connections $CONNECTIONS is more than the pool takes ($CAPACITY): the runs would measure shedding" >&2
    exit 2
fi

WORK=$(mktemp -d)
SERVER_PID="" SAMPLER_PID=""
cleanup() {
    [[ -n $SAMPLER_PID ]] && kill "$SAMPLER_PID" 2>/dev/null
    if [[ -n $SERVER_PID ]]; then
        kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# ---------------------------------------------------------------- request bodies
# Corpus puzzles through the library's own formats: the JSON puzzle object from
# `sumpuzzles format`, the answer rows from `sumpuzzles solve`.
corpus_text() { jq -r .text "corpus/kakuro/$1.json"; }
puzzle_body() { "$BIN" format --to json | jq -c '{genre, puzzle}'; }
answer_rows() { "$BIN" solve --limit 1 | jq -c '.solutions[0]'; }
for name in medium-6x6-seed0 medium-10x10-seed0 expert-16x16-seed2; do
    corpus_text "$name" | puzzle_body >"$WORK/$name.json"
    corpus_text "$name" | answer_rows >"$WORK/$name.answer"
    jq -c --slurpfile answer "$WORK/$name.answer" '. + {answer: $answer[0]}' \
        "$WORK/$name.json" >"$WORK/$name.check.json"
done

# A large published grid when the test data is at hand (it is never copied into the project).
TESTDATA=${SUMPUZZLES_TESTDATA:-}
for candidate in ../shared/testdata /work/shared/testdata; do
    [[ -z $TESTDATA && -f $candidate/kakuro.jsonl ]] && TESTDATA=$candidate
done
PUBLISHED=40_40_medium_unique_clear.txt
if [[ -n $TESTDATA && -f $TESTDATA/kakuro.jsonl ]]; then
    jq -r --arg name "$PUBLISHED" 'select(.name == $name) | .text' "$TESTDATA/kakuro.jsonl" |
        puzzle_body >"$WORK/published.json"
    [[ -s $WORK/published.json ]] || rm "$WORK/published.json"
fi

# name | method | path | body file | seeds | what is sent | jq test of the answer
ENDPOINTS=(
    "check-small|POST|/check|$WORK/medium-6x6-seed0.check.json||corpus medium-6x6-seed0, correct answer|.solved == true"
    "check-10x10|POST|/check|$WORK/medium-10x10-seed0.check.json||corpus medium-10x10-seed0, correct answer|.solved == true"
    "solve-small|POST|/solve|$WORK/medium-6x6-seed0.json||corpus medium-6x6-seed0|.unique == true"
    "solve-10x10|POST|/solve|$WORK/medium-10x10-seed0.json||corpus medium-10x10-seed0|.unique == true"
    "solve-16x16|POST|/solve|$WORK/expert-16x16-seed2.json||corpus expert-16x16-seed2|.unique == true"
)
if [[ -f $WORK/published.json ]]; then
    ENDPOINTS+=("solve-40x40|POST|/solve|$WORK/published.json||published marcizhu 40x40 medium (951 white cells)|.unique == true")
fi
ENDPOINTS+=(
    "rate-small|POST|/rate|$WORK/medium-6x6-seed0.json||corpus medium-6x6-seed0|.level == \"medium\""
    "rate-16x16|POST|/rate|$WORK/expert-16x16-seed2.json||corpus expert-16x16-seed2 (the slowest to rate)|.level == \"expert\""
    "generate-8x8|POST|/generate?genre=kakuro&shape=8x8&level=easy&seed={seed}||20|8x8 easy, seeds 0-19 in turn|.level == \"easy\""
)
HEALTHZ="healthz|GET|/healthz|||(nothing)|.status == \"ok\""
if [[ -n $ONLY ]]; then
    selected=()
    for endpoint in "${ENDPOINTS[@]}"; do
        [[ $ONLY == *",${endpoint%%|*},"* ]] && selected+=("$endpoint")
    done
    ((${#selected[@]})) || { echo "--only matched no endpoint" >&2 && exit 2; }
    ENDPOINTS=("${selected[@]}")
fi

# ---------------------------------------------------------------- the server
# A free loopback port: one nothing answers on (a race with another process is possible but
# shows as the server failing to start).
while :; do
    PORT=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null || break
done
BASE=http://127.0.0.1:$PORT
# Default settings: none of the service's variables from the caller's environment.
for variable in $(compgen -e); do
    [[ $variable == SUMPUZZLES_* || $variable == RUST_LOG ]] && unset "$variable"
done
# wrk is one client standing for the many a load comes from: the per-client limits (20
# requests a second, half the workers at once) are lifted, the rest is the embedded default.
# The pools of pregenerated puzzles are off: every request here is seeded, and their background
# generation would count in the server's CPU per request (scripts/pool-load.sh measures them).
SUMPUZZLES_CLIENT_WORK_MS=0 SUMPUZZLES_CLIENT_CONCURRENCY=1000 SUMPUZZLES_CLIENT_QUEUE=1000 SUMPUZZLES_POOLS=off \
    "${SERVER_PIN[@]}" "$BIN" serve --bind "127.0.0.1:$PORT" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 150); do
    curl -fsS "$BASE/readyz" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2 && exit 1; }
    sleep 0.1
done
curl -fsS "$BASE/readyz" >/dev/null || { echo "the server never got ready" >&2 && exit 1; }

# Peak resident memory, sampled (the kernel's own high-water mark VmHWM is read at the end).
(
    peak=0
    while [[ -r /proc/$SERVER_PID/status ]]; do
        while read -r key value _; do
            if [[ $key == VmRSS: ]] && ((value > peak)); then
                peak=$value
                echo "$peak" >"$WORK/rss-peak"
            fi
        done <"/proc/$SERVER_PID/status"
        sleep 0.2
    done
) &
SAMPLER_PID=$!

field() { sed -n "s/.* $1=\([0-9.]*\).*/\1/p" <<<"$2"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$SERVER_PID/stat"; }
TICK=$(getconf CLK_TCK)

# The request once, by curl: status 200 and the expected answer.
verify() {
    local name method path body seeds what test url status
    IFS='|' read -r name method path body seeds what test <<<"$1"
    url=$BASE${path//\{seed\}/0}
    local args=(-sS -o "$WORK/answer.json" -w '%{http_code}' -X "$method" "$url")
    [[ -n $body ]] && args+=(-H 'content-type: application/json' --data-binary "@$body")
    status=$(curl "${args[@]}")
    if [[ $status != 200 ]] || ! jq -e "$test" "$WORK/answer.json" >/dev/null; then
        echo "$name: HTTP $status, expected $test:" >&2
        head -c 600 "$WORK/answer.json" >&2
        exit 1
    fi
}

# One wrk run: prints "name rps p50_us p99_us status_errors socket_errors server_cpu_us
# wrk_cpu_us", the last two CPU time per request (the server's from /proc, wrk's from `time`).
run() {
    local name method path body seeds what test seconds=$2 before after result requests
    IFS='|' read -r name method path body seeds what test <<<"$1"
    local TIMEFORMAT='%U %S'
    before=$(cpu_ticks)
    { time WRK_METHOD=$method WRK_PATH=$path WRK_BODY_FILE=$body WRK_SEEDS=$seeds \
        "${WRK_PIN[@]}" "$WRK" -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --latency \
        -s scripts/wrk/post.lua "$BASE/" >"$WORK/wrk.out"; } 2>"$WORK/wrk.time"
    after=$(cpu_ticks)
    result=$(grep '^WRK_RESULT' "$WORK/wrk.out")
    requests=$(field requests "$result")
    echo "$name $(field rps "$result") $(field p50_us "$result") $(field p99_us "$result")" \
        "$(field status_errors "$result") $(field socket_errors "$result")" \
        "$(awk -v t=$((after - before)) -v n="$requests" -v hz="$TICK" \
            'BEGIN { printf "%.1f", n ? t * 1e6 / hz / n : 0 }')" \
        "$(tail -n 1 "$WORK/wrk.time" | awk -v n="$requests" '{ printf "%.1f", n ? ($1 + $2) * 1e6 / n : 0 }')"
}

verify "$HEALTHZ"
for endpoint in "${ENDPOINTS[@]}"; do verify "$endpoint"; done

if ((WARMUP)); then
    run "$HEALTHZ" 1 >/dev/null
    for endpoint in "${ENDPOINTS[@]}"; do run "$endpoint" 1 >/dev/null; done
fi

# Each endpoint right after a /healthz run; its ratio is against that run.
RESULTS=$WORK/results
: >"$RESULTS"
for round in $(seq "$ROUNDS"); do
    for endpoint in "${ENDPOINTS[@]}"; do
        read -r _ h_rps h_p50 h_p99 h_status h_socket h_cpu h_wrk < <(run "$HEALTHZ" "$DURATION")
        read -r name rps p50 p99 status socket cpu wrk < <(run "$endpoint" "$DURATION")
        ratio=$(awk -v a="$rps" -v b="$h_rps" 'BEGIN { printf "%.3f", a / b }')
        cpu_ratio=$(awk -v a="$cpu" -v b="$wrk" -v c="$h_cpu" -v d="$h_wrk" \
            'BEGIN { printf "%.3f", (c + d) / (a + b) }')
        echo "healthz $h_rps $h_p50 $h_p99 $h_status $h_socket $h_cpu $h_wrk 1 1" >>"$RESULTS"
        echo "$name $rps $p50 $p99 $status $socket $cpu $wrk $ratio $cpu_ratio" >>"$RESULTS"
        printf 'round %d  %-13s %9s req/s  p50 %6s us  p99 %6s us  ratio %s  CPU-time ratio %s  (healthz %s req/s)\n' \
            "$round" "$name" "$rps" "$p50" "$p99" "$ratio" "$cpu_ratio" "$h_rps" >&2
    done
done

# ---------------------------------------------------------------- the table
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
total() { awk '{ t += $1 } END { print t + 0 }'; }
column_of() { awk -v n="$1" -v c="$2" '$1 == n { print $c }' "$RESULTS"; }
ms() { awk -v us="$1" 'BEGIN { printf "%.2f ms", us / 1000 }'; }

# Stop the sampler first: it rewrites its file as the peak grows.
kill "$SAMPLER_PID" && wait "$SAMPLER_PID" 2>/dev/null || true
SAMPLER_PID=""
RSS_PEAK=$(cat "$WORK/rss-peak")
HWM=$(awk '/VmHWM/ { print $2 }' "/proc/$SERVER_PID/status")
# The text log colours its fields even into a file: strip the escapes first.
LISTENING=$(sed 's/\x1b\[[0-9;]*m//g' "$WORK/server.log" | grep -m1 'listening')
WORKERS=$(sed -n 's/.*workers=\([0-9]*\).*/\1/p' <<<"$LISTENING")
QUEUE=$(sed -n 's/.*queue=\([0-9]*\).*/\1/p' <<<"$LISTENING")

echo
echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s --latency, $ROUNDS round(s), medians;" \
    "server: default settings (pool of $WORKERS, queue $QUEUE)$( ((PIN)) && echo ', pinned to CPU 0, wrk to CPU 1')"
echo
echo "| Run | Request | Sent | Requests/s | p50 | p99 | Ratio to /healthz | CPU-time ratio | Server CPU per request | Status >= 400 / socket errors |"
echo "|---|---|---|---|---|---|---|---|---|---|"
FAILED=0
for endpoint in "$HEALTHZ" "${ENDPOINTS[@]}"; do
    IFS='|' read -r name method path _ _ what _ <<<"$endpoint"
    status=$(column_of "$name" 5 | total)
    socket=$(column_of "$name" 6 | total)
    ((status + socket == 0)) || FAILED=1
    printf '| %s | %s | %s | %.0f | %s | %s | %.2f | %.2f | %.0f µs | %s / %s |\n' "$name" \
        "$method ${path%%\?*}" "$what" "$(column_of "$name" 2 | median)" \
        "$(ms "$(column_of "$name" 3 | median)")" "$(ms "$(column_of "$name" 4 | median)")" \
        "$(column_of "$name" 9 | median)" "$(column_of "$name" 10 | median)" \
        "$(column_of "$name" 7 | median)" "$status" "$socket"
done
echo
awk -v rss="$RSS_PEAK" -v hwm="$HWM" 'BEGIN {
    printf "Peak resident memory: %.1f MiB sampled (VmRSS every 0.2 s), %.1f MiB VmHWM; target < 64 MiB: %s\n",
        rss / 1024, hwm / 1024, (hwm < 64 * 1024) ? "met" : "NOT met" }'
for name in check-10x10 solve-10x10; do
    [[ -n $(column_of "$name" 2) ]] || continue
    awk -v n="$name" -v r="$(column_of "$name" 9 | median)" -v p="$(column_of "$name" 4 | median)" 'BEGIN {
        printf "%s: ratio %.2f (target >= 0.5: %s), p99 %.2f ms (target < 10 ms: %s)\n",
            n, r, (r >= 0.5) ? "met" : "NOT met", p / 1000, (p < 10000) ? "met" : "NOT met" }'
done
if ((FAILED)); then
    echo "FAILED: some runs had responses with a status of 400 or more, or socket errors" >&2
    sed 's/\x1b\[[0-9;]*m//g' "$WORK/server.log" | tail -n 20 >&2
    exit 1
fi
