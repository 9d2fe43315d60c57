#!/usr/bin/env bash
# Starts or stops the loopback HTTPS server that the `deeplinks verify-domain` tests run against.
#
#   scripts/verify-domain-server.sh start WORKDIR PORT
#   scripts/verify-domain-server.sh stop WORKDIR
#
# `start` makes a throw-away certificate authority and a server certificate for `localhost`
# (and 127.0.0.1) with openssl, writes an nginx configuration into WORKDIR (pid file, logs and
# temporary files stay there too; nothing outside WORKDIR is written) and starts nginx on
# 127.0.0.1:PORT. The CA certificate is WORKDIR/ca.crt: pass it to `--ca-file`.
#
# Each scenario is a path prefix, so that `--base-url https://localhost:PORT/<scenario>` makes
# the tool fetch `<scenario>/.well-known/apple-app-site-association` and
# `<scenario>/.well-known/assetlinks.json`:
#   good             a valid file, application/json (also at the legacy root path), and a valid
#                    assetlinks.json
#   redirect         a 301 to the good file (both files)
#   wrong-type       the good file served as text/html (both files)
#   oversize         a valid file of more than 128 KB (both files)
#   invalid-json     a file that is not JSON (Apple's file only)
#   missing          404
#   bad-app-id       valid JSON whose App ID has no team prefix (Apple's file only)
#   bad-fingerprint  an assetlinks.json whose fingerprint has a lower-case digit
#   drip             the good file, one byte a second (Apple's file only)
#   gzip-bomb        about 100 KB of gzip sent with Content-Encoding: gzip, which expand to
#                    100 MB of zeros (Apple's file only)
#
# Exit status: 0 started or stopped, 1 a tool is missing or nginx failed (its error log is
# printed), 2 usage.
set -euo pipefail

usage() {
    echo "usage: $0 start WORKDIR PORT | stop WORKDIR" >&2
    exit 2
}

[[ $# -ge 2 ]] || usage
command=$1
workdir=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fixtures="$here/../Tests/Fixtures/verify-domain"

find_nginx() {
    if command -v nginx >/dev/null 2>&1; then
        command -v nginx
    elif [[ -x /usr/sbin/nginx ]]; then
        echo /usr/sbin/nginx
    else
        return 1
    fi
}

case "$command" in
start)
    [[ $# -eq 3 ]] || usage
    port=$3
    nginx=$(find_nginx) || { echo "nginx is not installed (apt-get install -y nginx)" >&2; exit 1; }
    command -v openssl >/dev/null 2>&1 || { echo "openssl is not installed (apt-get install -y openssl)" >&2; exit 1; }
    mkdir -p "$workdir/tmp" "$workdir/site"
    workdir=$(cd "$workdir" && pwd)
    fixtures=$(cd "$fixtures" && pwd)

    if [[ ! -f "$workdir/server.crt" ]]; then
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
            -keyout "$workdir/ca.key" -out "$workdir/ca.crt" -days 2 -subj "/CN=deeplinks test CA" \
            -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
            2>/dev/null
        openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
            -keyout "$workdir/server.key" -out "$workdir/server.csr" -subj "/CN=localhost" 2>/dev/null
        printf '%s\n' "subjectAltName=DNS:localhost,IP:127.0.0.1" "basicConstraints=CA:FALSE" \
            "keyUsage=critical,digitalSignature" "extendedKeyUsage=serverAuth" >"$workdir/server.ext"
        openssl x509 -req -in "$workdir/server.csr" -CA "$workdir/ca.crt" -CAkey "$workdir/ca.key" \
            -CAcreateserial -out "$workdir/server.crt" -days 2 -extfile "$workdir/server.ext" 2>/dev/null
    fi

    # A valid file of more than 128 KB: one detail padded with a long comment.
    padding=$(head -c 140000 /dev/zero | tr '\0' 'x')
    printf '{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/*","comment":"%s"}]}]}}\n' \
        "$padding" >"$workdir/site/oversize.json"
    printf '[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"web","site":"https://%s.example"}}]\n' \
        "$padding" >"$workdir/site/oversize-assetlinks.json"

    # A gzip answer that expands 1,000 times, under the 128 KB limit as sent.
    if [[ ! -f "$workdir/site/bomb.gz" ]]; then
        head -c 100000000 /dev/zero | gzip -9 >"$workdir/site/bomb.gz"
    fi

    cat >"$workdir/nginx.conf" <<EOF
daemon on;
master_process off;
pid $workdir/nginx.pid;
error_log $workdir/error.log warn;
events { worker_connections 64; }
http {
    access_log $workdir/access.log;
    client_body_temp_path $workdir/tmp/body;
    proxy_temp_path $workdir/tmp/proxy;
    fastcgi_temp_path $workdir/tmp/fastcgi;
    uwsgi_temp_path $workdir/tmp/uwsgi;
    scgi_temp_path $workdir/tmp/scgi;
    types { }
    default_type application/octet-stream;
    server {
        listen 127.0.0.1:$port ssl;
        server_name localhost;
        ssl_certificate $workdir/server.crt;
        ssl_certificate_key $workdir/server.key;
        location = /good/.well-known/apple-app-site-association {
            default_type application/json; alias $fixtures/good.json;
        }
        location = /good/apple-app-site-association {
            default_type application/json; alias $fixtures/good.json;
        }
        location = /redirect/.well-known/apple-app-site-association {
            return 301 /good/.well-known/apple-app-site-association;
        }
        location = /wrong-type/.well-known/apple-app-site-association {
            default_type text/html; alias $fixtures/good.json;
        }
        location = /oversize/.well-known/apple-app-site-association {
            default_type application/json; alias $workdir/site/oversize.json;
        }
        location = /invalid-json/.well-known/apple-app-site-association {
            default_type application/json; alias $fixtures/invalid.json;
        }
        location = /bad-app-id/.well-known/apple-app-site-association {
            default_type application/json; alias $fixtures/bad-app-id.json;
        }
        location = /good/.well-known/assetlinks.json {
            default_type application/json; alias $fixtures/assetlinks-good.json;
        }
        location = /redirect/.well-known/assetlinks.json {
            return 301 /good/.well-known/assetlinks.json;
        }
        location = /wrong-type/.well-known/assetlinks.json {
            default_type text/html; alias $fixtures/assetlinks-good.json;
        }
        location = /oversize/.well-known/assetlinks.json {
            default_type application/json; alias $workdir/site/oversize-assetlinks.json;
        }
        location = /bad-fingerprint/.well-known/assetlinks.json {
            default_type application/json; alias $fixtures/assetlinks-bad-fingerprint.json;
        }
        location = /drip/.well-known/apple-app-site-association {
            default_type application/json; limit_rate 1; alias $fixtures/good.json;
        }
        location = /gzip-bomb/.well-known/apple-app-site-association {
            default_type application/json; add_header Content-Encoding gzip; alias $workdir/site/bomb.gz;
        }
        location / {
            return 404;
        }
    }
}
EOF
    # nginx's own output goes to a file: a daemon holding the caller's pipes open would keep
    # the caller waiting for their end.
    if ! "$nginx" -p "$workdir" -c "$workdir/nginx.conf" -e "$workdir/error.log" \
        </dev/null >>"$workdir/nginx.out" 2>&1; then
        cat "$workdir/error.log" "$workdir/nginx.out" >&2 2>/dev/null
        exit 1
    fi
    ;;
stop)
    if [[ -f "$workdir/nginx.pid" ]]; then
        pid=$(cat "$workdir/nginx.pid")
        kill "$pid" 2>/dev/null || true
        # A process started with signals blocked (as a child of some test runners) ignores
        # SIGTERM: give it a moment, then end it for sure.
        for _ in 1 2 3 4 5; do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
        rm -f "$workdir/nginx.pid"
    fi
    ;;
*)
    usage
    ;;
esac
