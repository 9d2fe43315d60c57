#!/usr/bin/env bash
# Builds the preview server example (Examples/PreviewServer), checks the rendered pages with
# an HTML5 parser, starts the server on a free loopback port, and checks its answers with
# real HTTP requests: status, headers, no redirect, body. Stops the server on exit.
#
#   scripts/check-preview-server.sh
#
# Needs swift, curl and python3; installs html5lib with pip when it is missing. The build
# folder is Examples/PreviewServer/.build unless PREVIEW_SERVER_SCRATCH names another.
# Exit status: 0 when every check passed, 1 otherwise. The last line is "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/preview-server.sh
origin="https://photos.example.com"

for tool in swift curl python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "$tool is not installed" >&2; exit 1; }
done
if ! python3 -c "import html5lib" 2>/dev/null; then
    python3 -m pip install --quiet html5lib
fi

echo "== build Examples/PreviewServer"
build_preview_server debug

passed=0
failed=0
check() { # check DESCRIPTION ACTUAL EXPECTED
    if [[ "$2" == "$3" ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $1: expected '$3', got '$2'"
    fi
}

echo "== rendered pages read back by html5lib"
if python3 scripts/check-previews.py fixtures --tool "$bin/PreviewFixtures"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL the fixture pages (see above)"
fi
"$bin/PreviewFixtures" --association-file "$work/expected-aasa.json" >/dev/null

echo "== start the server on loopback"
start_preview_server

# fetch NAME [curl options] URL: writes $work/NAME.body and $work/NAME.headers, prints
# "status|content-type|location|redirects".
fetch() {
    local name=$1
    shift
    curl -s --max-time 10 --max-redirs 0 --path-as-is -D "$work/$name.headers" -o "$work/$name.body" \
        -w '%{http_code}|%{content_type}|%{redirect_url}|%{num_redirects}' "$@"
}
header() { # header NAME FIELD: the value of a response header, without CR
    grep -i "^$2:" "$work/$1.headers" | head -n 1 | cut -d: -f2- | sed -e 's/^ *//' -e 's/\r$//'
}

echo "== association file"
check "AASA GET" "$(fetch aasa "$base/.well-known/apple-app-site-association")" "200|application/json||0"
check "AASA bytes equal the generated file" "$(cmp -s "$work/aasa.body" "$work/expected-aasa.json" && echo same)" "same"
check "AASA at most 128 KB" "$(( $(wc -c <"$work/aasa.body") <= 131072 ))" "1"
check "AASA names the app and the routes, destructive route excluded first" "$(python3 - "$work/aasa.body" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
detail = data["applinks"]["details"][0]
components = detail["components"]
comments = [c.get("comment") for c in components]
print(detail["appIDs"] == ["ABCDE12345.com.example.photos"]
      and "route album" in comments and "route photo" in comments
      and components[0].get("comment") == "route deleteAlbum" and components[0].get("exclude") is True)
PY
)" "True"
check "AASA has no Location header" "$(header aasa Location)" ""
head_request() { # head_request PATH: "status|content-type|content-length|bytes of body read"
    python3 - "$port" "$1" <<'PY'
import http.client, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
connection.request("HEAD", sys.argv[2])
response = connection.getresponse()
body = response.read()
print("%d|%s|%s|%d" % (response.status, response.getheader("Content-Type"), response.getheader("Content-Length"), len(body)))
PY
}
check "AASA HEAD" "$(head_request /.well-known/apple-app-site-association)" \
    "200|application/json|$(wc -c <"$work/aasa.body" | tr -d ' ')|0"
check "AASA legacy root path" "$(fetch aasa-root "$base/apple-app-site-association")" "200|application/json||0"
check "AASA trailing slash is not redirected" "$(fetch aasa-slash "$base/.well-known/apple-app-site-association/")" "404|text/plain; charset=utf-8||0"
check "AASA .json is not redirected" "$(fetch aasa-json "$base/.well-known/apple-app-site-association.json")" "404|text/plain; charset=utf-8||0"
check "AASA POST" "$(fetch aasa-post -X POST "$base/.well-known/apple-app-site-association")" "405|text/plain; charset=utf-8||0"
check "AASA POST Allow" "$(header aasa-post Allow)" "GET, HEAD"

echo "== previews and landing pages"
page() { # page NAME PATH STATUS CANONICAL TITLE [curl options]: the page and its headers
    local name=$1 path=$2 status=$3 canonical=$4 title=$5
    shift 5
    check "$name $path" "$(fetch "$name" "$@" "$base$path")" "$status|text/html; charset=utf-8||0"
    check "$path CSP" "$(header "$name" Content-Security-Policy)" \
        "default-src 'none'; img-src https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    check "$path nosniff" "$(header "$name" X-Content-Type-Options)" "nosniff"
    if python3 scripts/check-previews.py page "$work/$name.body" --canonical "$canonical" --title "$title"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $path page (see above)"
    fi
}
page photo "/albums?albumname=Summer%202024&index=3&utm_source=mail" 200 \
    "$origin/albums?albumname=Summer%202024&index=3" "Photo 4 of 48 · Summer 2024"
page album "/albums/summer-2024?fbclid=1" 200 "$origin/albums/summer-2024" "Summer 2024"
page non-ascii "/albums/grandmas-90th" 200 "$origin/albums/grandmas-90th" "Grandma’s 90th 🎂"
page hostile "/albums/hostile" 200 "$origin/albums/hostile" "Tom's \"best\" </title><script>alert(1)</script>"
page not-found "/albums/winter-1999" 404 "$origin/" "Photo Album"
page fallback "/blog/2024/hello" 200 "$origin/" "Photo Album"
page missing-parameter "/albums?index=3" 200 "$origin/" "Photo Album"
page invalid-parameter "/albums/%22%3E%3Cscript%3Ealert(1)%3C/script%3E" 200 "$origin/" "Photo Album"
page destructive "/albums/summer-2024/delete" 200 "$origin/" "Photo Album"
page sensitive "/shared" 200 "$origin/" "Photo Album"
# Links are built from the server's own origin, never from the Host header or an absolute-form
# request target: a spoofed host must not reach og:url, the canonical link or app-argument.
page spoofed-host "/albums/summer-2024" 200 "$origin/albums/summer-2024" "Summer 2024" -H "Host: evil.example.net"
page absolute-form "/" 200 "$origin/albums/summer-2024" "Summer 2024" --request-target "http://evil.example.net/albums/summer-2024"

echo "== stop the server"
stop_preview_server

echo "preview server: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
