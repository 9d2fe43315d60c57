#!/usr/bin/env bash
# Runs the PostgreSQL short-link store's tests (the store is Examples/PostgresShortLinkStore; its
# tests run in Examples/VaporPreviewServer, which shares its SwiftNIO build: the store
# conformance checks, a migration from version 1, the refusal of a newer schema) against a real
# server: a throwaway cluster made with initdb in a temporary folder, started on a free loopback
# port, with a database and a user with a password, stopped and removed on exit.
#
#   scripts/check-postgres-store.sh
#
# Installs PostgreSQL with apt when initdb and pg_ctl are missing (Debian's `postgresql`, without
# starting its default cluster). PostgreSQL refuses to run as root: as root, the server runs as
# the `postgres` system user (created when missing). Needs swift; the build folder is the Vapor
# example's .build. Exit status: 0 when the tests passed, non-zero otherwise; the last line is
# "postgres store: conformance passed" on success.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

# The folder of PostgreSQL's server programs: on the PATH, else Debian's newest.
find_bin() {
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v initdb)")"
        return
    fi
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [[ -n "$dir" && -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; fi
}

bin=$(find_bin)
if [[ -z "$bin" ]]; then
    echo "== installing PostgreSQL (apt: postgresql)"
    # Keep the package from starting its default cluster: nothing of it is left running.
    policy=/usr/sbin/policy-rc.d
    added_policy=0
    if [[ ! -e $policy ]]; then
        printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null
        as_root chmod 755 "$policy"
        added_policy=1
    fi
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends postgresql
    if ((added_policy)); then as_root rm -f "$policy"; fi
    bin=$(find_bin)
    [[ -n "$bin" ]] || { echo "FAILED: no initdb and pg_ctl after installing postgresql"; exit 1; }
fi
psql="$bin/psql"
[[ -x "$psql" ]] || psql=$(command -v psql)
echo "== PostgreSQL: $("$bin/postgres" --version)"

# The server runs as the postgres user when this script runs as root.
if [[ $(id -u) -eq 0 ]]; then
    if ! id -u postgres >/dev/null 2>&1; then
        useradd --system --user-group --home-dir /var/lib/postgresql --shell /usr/sbin/nologin postgres
    fi
    as_server() { runuser -u postgres -- "$@"; }
else
    as_server() { "$@"; }
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/postgres-store.XXXXXX")
data="$work/data"
started=0
tests=
cleanup() {
    local status=$?
    if [[ -n "$tests" ]]; then
        pkill -TERM -P "$tests" 2>/dev/null || true
        wait "$tests" 2>/dev/null || true
    fi
    if ((started)); then
        as_server "$bin/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
            as_server "$bin/pg_ctl" -D "$data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
[[ $(id -u) -ne 0 ]] || chown postgres: "$work"
chmod 700 "$work"

echo "== a throwaway cluster in $work"
as_server "$bin/initdb" -D "$data" --username=postgres --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C >"$work/initdb.log" 2>&1 || { cat "$work/initdb.log"; exit 1; }

# A free loopback port: one nothing answers on, retried when the server cannot bind it.
port_is_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for attempt in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 40000))
    port_is_free "$port" || continue
    if as_server "$bin/pg_ctl" -D "$data" -l "$work/server.log" -w -t 60 -o \
        "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='$work' -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        start >/dev/null; then
        started=1
        break
    fi
    echo "(the server did not start on port $port, attempt $attempt)"
done
if ((!started)); then
    cat "$work/server.log" 2>/dev/null || true
    echo "FAILED: the server did not start"
    exit 1
fi
echo "== server on 127.0.0.1:$port"

password=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
as_server "$psql" -X -q -v ON_ERROR_STOP=1 -h "$work" -p "$port" -U postgres -d postgres <<SQL
CREATE ROLE deeplinks LOGIN PASSWORD '$password';
CREATE DATABASE deeplinks OWNER deeplinks;
SQL

echo "== swift test --package-path Examples/VaporPreviewServer --filter PostgresShortLinkStoreTests"
log="$work/test.log"
# In the background, so that a signal stops the tests (see cleanup) rather than waiting for them.
(
    POSTGRES_URL="postgres://deeplinks:$password@127.0.0.1:$port/deeplinks" \
        swift test --package-path "$repo/Examples/VaporPreviewServer" --filter PostgresShortLinkStoreTests 2>&1 | tee "$log"
    exit "${PIPESTATUS[0]}"
) &
tests=$!
status=0
wait "$tests" || status=$?
tests=
if ((status != 0)); then
    echo "FAILED: the store's tests failed (exit status $status)"
    exit 1
fi
# With POSTGRES_URL set no test may be skipped, and some must have run.
if grep -qE 'skipped' "$log"; then
    echo "FAILED: tests were skipped although POSTGRES_URL was set"
    exit 1
fi
if ! grep -qE 'Test run with [1-9][0-9]* tests? .*passed' "$log"; then
    echo "FAILED: no Swift Testing run passed"
    exit 1
fi
echo "postgres store: conformance passed"
