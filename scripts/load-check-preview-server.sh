#!/usr/bin/env bash
# Puts a preview server example under load on loopback and checks every answer: builds it,
# starts it on a free port of 127.0.0.1, runs scripts/load-preview-server.py against it (good,
# malformed and hostile links, preview JSON, both well-known files, 304s), and stops it.
# Traffic goes to 127.0.0.1 only. --server picks the example: hummingbird
# (Examples/PreviewServer, the default) or vapor (Examples/VaporPreviewServer).
#
#   scripts/load-check-preview-server.sh [--server hummingbird|vapor] [--quick] [--requests N]
#                                        [--connections C] [--max-seconds S] [--rss-bound-mib M]
#                                        [--configuration debug|release] [--json FILE]
#
# Defaults: 300,000 requests over 16 connections, at most 600 seconds, a release build, and a
# resident-memory bound of 32 MiB of growth between the end of the 5,000-request warm-up and
# the end of the run. --quick is the CI pass: 20,000 requests, at most 120 seconds.
# The build folders are the packages' .build unless PREVIEW_SERVER_SCRATCH or
# VAPOR_PREVIEW_SERVER_SCRATCH names another.
# Exit status: 0 when every answer was right, no connection failed and memory stayed within
# the bound; 1 otherwise; 2 for a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

requests=300000
connections=16
max_seconds=600
rss_bound=32
configuration=release
server=hummingbird
json_args=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) requests=20000; max_seconds=120; shift ;;
        --server) server=$2; shift 2 ;;
        --requests) requests=$2; shift 2 ;;
        --connections) connections=$2; shift 2 ;;
        --max-seconds) max_seconds=$2; shift 2 ;;
        --rss-bound-mib) rss_bound=$2; shift 2 ;;
        --configuration) configuration=$2; shift 2 ;;
        --json) json_args=(--json "$2"); shift 2 ;;
        -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
[[ "$configuration" == debug || "$configuration" == release ]] || {
    echo "--configuration must be debug or release" >&2
    exit 2
}
for tool in swift python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "$tool is not installed" >&2; exit 1; }
done

source scripts/lib/preview-server.sh

select_preview_server "$server"
echo "== build $product ($configuration)"
build_preview_server "$configuration" --product "$product"

echo "== start the server on loopback"
start_preview_server

echo "== load: $requests requests over $connections connections, at most $max_seconds s (nproc $(nproc))"
status=0
python3 scripts/load-preview-server.py --port "$port" --pid "$server_pid" --requests "$requests" \
    --connections "$connections" --max-seconds "$max_seconds" --rss-bound-mib "$rss_bound" \
    "${json_args[@]}" || status=$?
if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "FAIL the server exited during the run:" >&2
    cat "$work/server.log" >&2
    server_pid=""
    exit 1
fi
exit "$status"
