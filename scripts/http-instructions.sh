#!/usr/bin/env bash
# User-space instructions the server executes per request, endpoint by endpoint, counted by
# valgrind's callgrind: a count that does not move with the machine's load, unlike wrk's
# timings (docs/benchmarks-http.md). For comparing two builds of the service's own work; kernel
# time (sockets, wake-ups) is not in it.
#
# For each request the server is started under callgrind, sent N requests one after another on
# one keep-alive connection (curl), and stopped; the count with no request (start and stop
# alone) is taken off and the rest divided by N.
#
# Usage: scripts/http-instructions.sh [--binary PATH] [--requests N]
#   --binary PATH  the server binary (default: target/release/sumpuzzles, built first)
#   --requests N   requests per endpoint (default 1000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

BIN="" REQUESTS=1000
while (($#)); do
    case $1 in
    --binary) BIN=$2 && shift ;;
    --requests) REQUESTS=$2 && shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' && exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2 && exit 2 ;;
    esac
    shift
done
if [[ -z $BIN ]]; then
    cargo build --release --bin sumpuzzles
    BIN=target/release/sumpuzzles
fi
for tool in valgrind curl jq; do
    command -v "$tool" >/dev/null || { echo "$tool is needed (apt-get install $tool)" >&2 && exit 2; }
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The bodies of scripts/http-load.sh: corpus puzzles as JSON objects, checks with the solution.
for name in medium-6x6-seed0 medium-10x10-seed0; do
    jq -r .text "corpus/kakuro/$name.json" | "$BIN" format --to json | jq -c '{genre, puzzle}' >"$WORK/$name.json"
    jq -r .text "corpus/kakuro/$name.json" | "$BIN" solve --limit 1 | jq -c '.solutions[0]' >"$WORK/$name.answer"
    jq -c --slurpfile answer "$WORK/$name.answer" '. + {answer: $answer[0]}' "$WORK/$name.json" >"$WORK/$name.check.json"
done

# Instructions of one server run that answers `count` requests.
count_run() {
    local path=$1 body=$2 count=$3 port pid args=()
    while :; do
        port=$((20000 + RANDOM % 40000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
    done
    # curl's one client sends every request: its rate limit is lifted.
    SUMPUZZLES_CLIENT_WORK_MS=0 valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" \
        "$BIN" serve --bind "127.0.0.1:$port" >"$WORK/server.log" 2>&1 &
    pid=$!
    for _ in $(seq 150); do
        curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
        sleep 0.2
    done
    if ((count > 0)); then
        for _ in $(seq "$count"); do args+=(-o /dev/null "http://127.0.0.1:$port$path"); done
        if [[ -n $body ]]; then
            curl -fsS -H 'content-type: application/json' --data-binary "@$body" "${args[@]}"
        else
            curl -fsS "${args[@]}"
        fi
    fi
    kill -TERM "$pid"
    wait "$pid" || true
    awk '/^(summary|totals):/ { print $2; exit }' "$WORK"/callgrind.out*
    rm -f "$WORK"/callgrind.out*
}

base=$(count_run /healthz "" 0)
echo "| Request | Instructions per request | /healthz over this |"
echo "|---|---|---|"
healthz=""
for spec in "GET /healthz|/healthz|" \
    "POST /check 6x6|/check|$WORK/medium-6x6-seed0.check.json" \
    "POST /check 10x10|/check|$WORK/medium-10x10-seed0.check.json" \
    "POST /solve 6x6|/solve|$WORK/medium-6x6-seed0.json" \
    "POST /solve 10x10|/solve|$WORK/medium-10x10-seed0.json"; do
    IFS='|' read -r name path body <<<"$spec"
    total=$(count_run "$path" "$body" "$REQUESTS")
    per=$(((total - base) / REQUESTS))
    [[ -z $healthz ]] && healthz=$per
    printf '| %s | %s | %s |\n' "$name" "$per" "$(awk -v h="$healthz" -v p="$per" 'BEGIN { printf "%.2f", h / p }')"
done
