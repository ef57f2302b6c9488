# Sourced by scripts/pool-load.sh and scripts/daily-load.sh: starts "$BIN" serve on free
# loopback ports (PORT, and ADMIN for /metrics) with the per-client limits lifted (no account of worker time, 1000 requests at once), since wrk
# stands for many clients from one address, and stops it on exit. Sets PORT, ADMIN, WORK (a
# scratch folder, removed on exit) and SERVER_PID; extra serve flags are the arguments.

free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 40000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
    done
    echo "$port"
}

start_lifted_server() {
    PORT=$(free_port)
    ADMIN=$(free_port)
    WORK=$(mktemp -d)
    for variable in $(compgen -e); do
        [[ $variable == SUMPUZZLES_* || $variable == RUST_LOG ]] && unset "$variable"
    done
    # No per-client account of worker time (a build before it had a request rate instead,
    # which a later build refuses to be given: an older binary compared gets its own switch).
    local unlimited=SUMPUZZLES_CLIENT_WORK_MS=0
    "$BIN" serve --help | grep -q SUMPUZZLES_CLIENT_WORK_MS || unlimited=SUMPUZZLES_CLIENT_RATE=0
    env "$unlimited" SUMPUZZLES_CLIENT_CONCURRENCY=1000 SUMPUZZLES_CLIENT_QUEUE=1000 \
        "$BIN" serve --bind "127.0.0.1:$PORT" --admin-bind "127.0.0.1:$ADMIN" "$@" \
        >"$WORK/server.log" 2>&1 &
    SERVER_PID=$!
    trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
}
