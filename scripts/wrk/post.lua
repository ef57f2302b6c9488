-- wrk script for scripts/http-load.sh: the request comes from environment variables, and done()
-- prints one line that the script parses.
--
--   WRK_METHOD        GET or POST (default: POST when a body is given, else GET)
--   WRK_BODY_FILE     file whose bytes are the request body (none when unset)
--   WRK_CONTENT_TYPE  the body's content type (default application/json)
--   WRK_PATH          path and query, overriding the URL's; with WRK_SEEDS set, each "{seed}"
--                     in it becomes 0, 1, ..., WRK_SEEDS-1 in turn (each wrk thread cycles on
--                     its own), so every request asks for a known puzzle and the work per
--                     request is the same from one run to the next
--   WRK_DELAY_MS      each connection waits this long after a response before its next
--                     request, so that N connections offer at most N * 1000 / WRK_DELAY_MS
--                     requests a second (an open rate, not as fast as the server answers)
--
-- The result line (latencies in microseconds; status_errors is wrk's count of responses with a
-- status of 400 or more, socket_errors its connect, read, write and timeout errors):
--   WRK_RESULT requests=... duration_us=... rps=... p50_us=... p90_us=... p99_us=... max_us=... status_errors=... socket_errors=...

local body_file = os.getenv("WRK_BODY_FILE")
if body_file and body_file ~= "" then
  local file = assert(io.open(body_file, "rb"), "cannot open WRK_BODY_FILE " .. body_file)
  wrk.body = file:read("*a")
  file:close()
  wrk.headers["Content-Type"] = os.getenv("WRK_CONTENT_TYPE") or "application/json"
end
wrk.method = os.getenv("WRK_METHOD") or (wrk.body and "POST" or "GET")

local path = os.getenv("WRK_PATH")
if path and path ~= "" then
  wrk.path = path
end

local seeds = tonumber(os.getenv("WRK_SEEDS") or "")
if seeds and seeds > 0 then
  local next_seed = 0
  -- Defined only here: without a request() function wrk sends one prebuilt request, which is
  -- cheaper for the client.
  function request()
    local seeded = wrk.path:gsub("{seed}", tostring(next_seed))
    next_seed = (next_seed + 1) % seeds
    return wrk.format(nil, seeded)
  end
end

local delay_ms = tonumber(os.getenv("WRK_DELAY_MS") or "")
if delay_ms and delay_ms > 0 then
  function delay()
    return delay_ms
  end
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    "WRK_RESULT requests=%d duration_us=%d rps=%.1f p50_us=%d p90_us=%d p99_us=%d max_us=%d status_errors=%d socket_errors=%d\n",
    summary.requests,
    summary.duration,
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50),
    latency:percentile(90),
    latency:percentile(99),
    latency.max,
    errors.status,
    errors.connect + errors.read + errors.write + errors.timeout
  ))
end
