# Shared by scripts/check-preview-server.sh, scripts/load-check-preview-server.sh and
# scripts/wrk-preview-server.sh: builds a preview server example, starts it on a free loopback
# port, and stops it when the calling script exits. Source it from a script that has already
# changed into the repository root; it sets `work` (a temporary folder removed on exit).
#
#   select_preview_server hummingbird|vapor          the example to build and run: sets `package`,
#                                                    `scratch` and `product` (hummingbird by default)
#   build_preview_server CONFIGURATION [options...]  builds (debug or release; options go to
#                                                    `swift build`), sets `bin` to the products' folder
#   start_preview_server [options...]                sets `port`, `base` and `server_pid`; options
#                                                    go to the server (such as `--albums 10`)
#   stop_preview_server                              stops the server and waits for it
#
# Both examples serve the same site through the SDK's SiteResponder: Examples/PreviewServer
# (Hummingbird) and Examples/VaporPreviewServer (Vapor). Their build folders are the packages'
# .build unless PREVIEW_SERVER_SCRATCH or VAPOR_PREVIEW_SERVER_SCRATCH names another.

work=$(mktemp -d)
server_pid=""

select_preview_server() {
    case "$1" in
        hummingbird)
            package="$(pwd)/Examples/PreviewServer"
            scratch=${PREVIEW_SERVER_SCRATCH:-$package/.build}
            product=PreviewServer
            ;;
        vapor)
            package="$(pwd)/Examples/VaporPreviewServer"
            scratch=${VAPOR_PREVIEW_SERVER_SCRATCH:-$package/.build}
            product=VaporPreviewServer
            ;;
        *) echo "unknown preview server $1 (hummingbird or vapor)" >&2; exit 2 ;;
    esac
}
select_preview_server hummingbird

stop_preview_server() {
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    server_pid=""
}

cleanup_preview_server() {
    stop_preview_server
    rm -rf "$work"
}
trap cleanup_preview_server EXIT

build_preview_server() {
    local configuration=$1
    shift
    swift build --package-path "$package" --scratch-path "$scratch" -c "$configuration" "$@"
    bin=$(swift build --package-path "$package" --scratch-path "$scratch" -c "$configuration" --show-bin-path)
}

# Starts "$bin/$product" on a free port of 127.0.0.1 and waits (up to 20 s) until it
# answers the association file with 200. Exits the script with the server's log if it does not.
start_preview_server() {
    local options=("$@")
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    base="http://127.0.0.1:$port"
    "$bin/$product" --host 127.0.0.1 --port "$port" "${options[@]}" >"$work/server.log" 2>&1 &
    server_pid=$!
    local ready=no
    for _ in $(seq 1 100); do
        if python3 - "$port" 2>/dev/null <<'PY'; then
import http.client, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=2)
connection.request("GET", "/.well-known/apple-app-site-association")
sys.exit(0 if connection.getresponse().status == 200 else 1)
PY
            ready=yes
            break
        fi
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.2
    done
    if [[ "$ready" != yes ]]; then
        echo "the server did not start:" >&2
        cat "$work/server.log" >&2
        exit 1
    fi
}
