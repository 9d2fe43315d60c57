#!/usr/bin/env bash
# Measures a preview server example with wrk on loopback: its landing pages beside a fixed page
# of the same size answered by the same server (the stack's ceiling), and the association file.
# Builds the example in release, starts it on a free port of 127.0.0.1, runs wrk against
# /fixed-page, one landing page, a mix of landing pages and 100,000 distinct known photo links
# that the server has not seen (10 generated albums of 10,000 photos, each link asked once
# before the first comes round again, far more than the responder keeps), each for the same
# time, and prints requests per second and each route's ratio to the fixed page. Traffic goes
# to 127.0.0.1 only.
#
#   scripts/wrk-preview-server.sh [--server hummingbird|vapor] [--seconds S] [--connections C]
#                                 [--threads T]
#
# Defaults: hummingbird, 15 seconds a route, 16 connections, 1 thread (wrk shares the machine
# with the server). Needs wrk (Debian package `wrk`). Exit status: 0 when every run completed
# without socket errors or non-2xx/3xx answers, 1 otherwise, 2 for a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

server=hummingbird
seconds=15
connections=16
threads=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --server) server=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --connections) connections=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
command -v wrk >/dev/null 2>&1 || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }

source scripts/lib/preview-server.sh
select_preview_server "$server"
echo "== build $product (release)"
build_preview_server release --product "$product"
echo "== start the server on loopback"
start_preview_server --albums 10

# The mix: every kind of landing page answered 200, one after another on each connection.
cat >"$work/mix.lua" <<'LUA'
local paths = {
  "/albums/summer-2024?utm_source=mail", "/albums?albumname=Summer%202024&index=3",
  "/albums/grandmas-90th", "/albums/hostile", "/blog/2024/hello",
  "/albums/summer-2024/delete", "/shared",
}
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
LUA
# 100,000 distinct photo links, each a page with content: Album 1 to Album 10, photos 0 to 9999.
cat >"$work/distinct.lua" <<'LUA'
local k = -1
request = function()
  k = (k + 1) % 100000
  return wrk.format("GET", string.format("/albums?albumname=Album%%20%d&index=%d",
    math.floor(k / 10000) + 1, k % 10000))
end
LUA
cat >"$work/report.lua" <<'LUA'
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.1f %d %d %.0f %.0f\n", summary.requests / (summary.duration / 1e6),
    errors, summary.errors.status, latency:percentile(50), latency:percentile(99)))
end
LUA

status=0
run() { # run LABEL PATH [script]
    local label=$1 path=$2 script=${3:-}
    local args=(-t "$threads" -c "$connections" -d "${seconds}s" -s "$work/report.lua")
    if [[ -n "$script" ]]; then
        # wrk takes one script: the mix's request function and the report's done function.
        cat "$script" "$work/report.lua" >"$work/combined.lua"
        args=(-t "$threads" -c "$connections" -d "${seconds}s" -s "$work/combined.lua")
    fi
    local line
    line=$(wrk "${args[@]}" "$base$path" | grep '^RESULT') || { echo "wrk failed for $label" >&2; status=1; return; }
    read -r _ rate errors bad p50 p99 <<<"$line"
    ((errors == 0 && bad == 0)) || status=1
    printf '%s|%s|%s|%s|%s|%s\n' "$label" "$rate" "$errors" "$bad" "$p50" "$p99" >>"$work/results"
}
: >"$work/results"
echo "== wrk: $seconds s a route, $connections connections, $threads thread(s) (nproc $(nproc))"
run "fixed page (same server, same size)" /fixed-page
run "landing page /albums/summer-2024" /albums/summer-2024
run "landing pages, 7 kinds in turn" / "$work/mix.lua"
run "landing pages, 100,000 distinct photo links" / "$work/distinct.lua"
run "association file" /.well-known/apple-app-site-association

fixed=$(head -n 1 "$work/results" | cut -d'|' -f2)
echo
echo "| $server: route | requests/s | ratio to the fixed page | p50 | p99 | socket errors | non-2xx/3xx |"
echo "|---|---:|---:|---:|---:|---:|---:|"
while IFS='|' read -r label rate errors bad p50 p99; do
    printf '| %s | %.0f | %.2f× | %.2f ms | %.2f ms | %s | %s |\n' "$label" "$rate" \
        "$(python3 -c "print($rate / $fixed)")" "$(python3 -c "print($p50 / 1000)")" \
        "$(python3 -c "print($p99 / 1000)")" "$errors" "$bad"
done <"$work/results"
exit "$status"
