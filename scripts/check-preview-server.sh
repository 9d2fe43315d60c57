#!/usr/bin/env bash
# Builds the preview server examples (Examples/PreviewServer on Hummingbird and
# Examples/VaporPreviewServer on Vapor, both adapters over the SDK's SiteResponder), checks the
# rendered pages with an HTML5 parser, starts each server on a free loopback port in turn, and
# checks its answers with real HTTP requests: status, headers, no redirect, body, 304s, both
# well-known files, and one answer from every server to the same hostile request targets (sent
# as written, never normalised). Stops the server on exit.
#
#   scripts/check-preview-server.sh [hummingbird] [vapor]     (both when none is named)
#
# Needs swift, curl and python3; installs html5lib with pip when it is missing. The build
# folders are the packages' .build unless PREVIEW_SERVER_SCRATCH or
# VAPOR_PREVIEW_SERVER_SCRATCH names another.
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

servers=("$@")
((${#servers[@]})) || servers=(hummingbird vapor)

echo "== build Examples/PreviewServer"
build_preview_server debug

passed=0
failed=0
check() { # check DESCRIPTION ACTUAL EXPECTED
    if [[ "$2" == "$3" ]]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL ${label:-}$1: expected '$3', got '$2'"
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
"$bin/PreviewFixtures" --asset-links-file "$work/expected-assetlinks.json" >/dev/null

for server in "${servers[@]}"; do
select_preview_server "$server"
label="$server: "
echo "== $server: build $product"
build_preview_server debug --product "$product"
echo "== $server: start the server on loopback"
start_preview_server

# fetch NAME [curl options] URL: writes $work/NAME.body and $work/NAME.headers, prints
# "status|content-type|location|redirects".
fetch() {
    local name=$1
    shift
    curl -s --max-time 10 --max-redirs 0 --path-as-is -D "$work/$name.headers" -o "$work/$name.body" \
        -w '%{http_code}|%{content_type}|%{redirect_url}|%{num_redirects}' "$@"
}
body_size() { # body_size NAME: bytes of the body (curl writes no file for an empty body)
    if [[ -f "$work/$1.body" ]]; then wc -c <"$work/$1.body" | tr -d ' '; else echo 0; fi
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
aasa_tag=$(header aasa ETag)
check "AASA has an ETag" "$([[ "$aasa_tag" =~ ^\"[0-9a-f]{16}\"$ ]] && echo yes)" "yes"
check "AASA 304 for its ETag" "$(fetch aasa-304 -H "If-None-Match: $aasa_tag" "$base/.well-known/apple-app-site-association")" "304|||0"
check "AASA 304 has no body" "$(body_size aasa-304)" "0"
check "AASA 304 ETag" "$(header aasa-304 ETag)" "$aasa_tag"
check "AASA nosniff" "$(header aasa X-Content-Type-Options)" "nosniff"

echo "== assetlinks.json"
check "assetlinks GET" "$(fetch assetlinks "$base/.well-known/assetlinks.json")" "200|application/json||0"
check "assetlinks bytes equal the generated file" "$(cmp -s "$work/assetlinks.body" "$work/expected-assetlinks.json" && echo same)" "same"
check "assetlinks is a statement list for the app, generated from the table" "$(python3 - "$work/assetlinks.body" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
print(isinstance(data, list) and data[0]["target"]["package_name"] == "com.example.photos"
      and "delegate_permission/common.handle_all_urls" in data[0]["relation"]
      and len(data[0]["target"]["sha256_cert_fingerprints"]) == 1)
PY
)" "True"
check "assetlinks HEAD" "$(head_request /.well-known/assetlinks.json)" \
    "200|application/json|$(wc -c <"$work/assetlinks.body" | tr -d ' ')|0"
assetlinks_tag=$(header assetlinks ETag)
check "assetlinks 304 for its ETag" "$(fetch assetlinks-304 -H "If-None-Match: $assetlinks_tag" "$base/.well-known/assetlinks.json")" "304|||0"
check "assetlinks PUT" "$(fetch assetlinks-put -X PUT "$base/.well-known/assetlinks.json")" "405|text/plain; charset=utf-8||0"
check "assetlinks .json/ is not redirected" "$(fetch assetlinks-slash "$base/.well-known/assetlinks.json/")" "404|text/plain; charset=utf-8||0"

echo "== previews and landing pages"
# page NAME PATH STATUS CANONICAL TITLE APP-ARGUMENT OPEN-LINK [curl options]: the page, its
# headers, the links it offers the app ('none': none), and 304 for its ETag.
page() {
    local name=$1 path=$2 status=$3 canonical=$4 title=$5 argument=$6 open=$7
    shift 7
    check "$name $path" "$(fetch "$name" "$@" "$base$path")" "$status|text/html; charset=utf-8||0"
    check "$path CSP" "$(header "$name" Content-Security-Policy)" \
        "default-src 'none'; img-src https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    check "$path nosniff" "$(header "$name" X-Content-Type-Options)" "nosniff"
    check "$path Referrer-Policy" "$(header "$name" Referrer-Policy)" "strict-origin-when-cross-origin"
    check "$path X-Frame-Options" "$(header "$name" X-Frame-Options)" "DENY"
    check "$path Vary" "$(header "$name" Vary)" "Accept"
    check "$path Cache-Control" "$(header "$name" Cache-Control)" \
        "$([[ $status == 404 ]] && echo "public, max-age=60" || echo "public, max-age=300")"
    local tag
    tag=$(header "$name" ETag)
    check "$path 304 for its ETag" "$(fetch "$name-304" "$@" -H "If-None-Match: $tag" "$base$path")" "304|||0"
    check "$path 304 has no body" "$(body_size "$name-304")" "0"
    if python3 scripts/check-previews.py page "$work/$name.body" --canonical "$canonical" --title "$title" \
        --app-argument "$argument" --open "$open"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL ${label:-}$path page (see above)"
    fi
}
page photo "/albums?albumname=Summer%202024&index=3&utm_source=mail" 200 \
    "$origin/albums?albumname=Summer%202024&index=3" "Photo 4 of 48 · Summer 2024" \
    "$origin/albums?albumname=Summer%202024&index=3" "photoalbum://photos.example.com/albums?albumname=Summer%202024&index=3"
page album "/albums/summer-2024?fbclid=1" 200 "$origin/albums/summer-2024" "Summer 2024" \
    "$origin/albums/summer-2024" "photoalbum://photos.example.com/albums/summer-2024"
page non-ascii "/albums/grandmas-90th" 200 "$origin/albums/grandmas-90th" "Grandma’s 90th 🎂" \
    "$origin/albums/grandmas-90th" "photoalbum://photos.example.com/albums/grandmas-90th"
page hostile "/albums/hostile" 200 "$origin/albums/hostile" "Tom's \"best\" </title><script>alert(1)</script>" \
    "$origin/albums/hostile" "photoalbum://photos.example.com/albums/hostile"
# Content that is not found: the generic page, but the app still gets the link (it says so itself).
page not-found "/albums/winter-1999" 404 "$origin/" "Photo Album" \
    "$origin/albums/winter-1999" "photoalbum://photos.example.com/albums/winter-1999"
# Links the app would open in the browser: nothing is offered to the app (it has no home route).
page fallback "/blog/2024/hello" 200 "$origin/" "Photo Album" none none
page missing-parameter "/albums?index=3" 200 "$origin/" "Photo Album" none none
page invalid-parameter "/albums/%22%3E%3Cscript%3Ealert(1)%3C/script%3E" 200 "$origin/" "Photo Album" none none
# A destructive route stays generic and carries nothing; the sensitive "shared with me" page opts
# in to carrying its link (the app asks first).
page destructive "/albums/summer-2024/delete" 200 "$origin/" "Photo Album" none none
page sensitive "/shared" 200 "$origin/" "Photo Album" "$origin/shared" "photoalbum://photos.example.com/shared"
# Links are built from the site's own hosts, never from a Host header or an absolute-form request
# target it does not list: a spoofed host must not reach og:url, the canonical link or app-argument.
page spoofed-host "/albums/summer-2024" 200 "$origin/albums/summer-2024" "Summer 2024" \
    "$origin/albums/summer-2024" "photoalbum://photos.example.com/albums/summer-2024" -H "Host: evil.example.net"
page absolute-form "/" 200 "$origin/albums/summer-2024" "Summer 2024" \
    "$origin/albums/summer-2024" "photoalbum://photos.example.com/albums/summer-2024" \
    --request-target "http://evil.example.net/albums/summer-2024"

echo "== preview JSON, refusals"
check "JSON preview" "$(fetch json -H "Accept: application/json" "$base/albums/summer-2024")" "200|application/json||0"
check "JSON canonical" "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["canonicalURL"])' "$work/json.body")" \
    "$origin/albums/summer-2024"
json_tag=$(header json ETag)
check "JSON 304 for its ETag" "$(fetch json-304 -H "Accept: application/json" -H "If-None-Match: $json_tag" "$base/albums/summer-2024")" "304|||0"
check "page POST 405" "$(fetch page-post -X POST "$base/albums/summer-2024")" "405|text/plain; charset=utf-8||0"
check "page POST Allow" "$(header page-post Allow)" "GET, HEAD"
check "page HEAD" "$(head_request /albums/summer-2024 | cut -d'|' -f1,2,4)" "200|text/html; charset=utf-8|0"
check "other well-known path 404" "$(fetch wk "$base/.well-known/security.txt")" "404|text/plain; charset=utf-8||0"

echo "== hostile request targets: the same answer from every server"
# Each target goes out exactly as written (curl --request-target neither removes dot segments
# nor re-encodes), and every server must give the answer the SDK's SiteResponder documents for
# a link the gate refuses: 400, text/plain, "the link was refused: " and the gate's reason. The
# targets and reasons are those of the test "hostile request targets are refused with 400 and
# the gate's reason, never repaired" (Tests/LinkPreviewsTests/SiteResponderTests.swift); the
# sentences are LinkError's, and offsets count from the start of the link the responder makes:
# "https://photos.example.com" (26 bytes), then the target. A server that repaired a target
# first (`%zz` to `%25zz`, `//a` to `/a`) would have the site answer another link, usually 200.
refused() { # refused NAME TARGET REASON
    check "$1 status" "$(fetch "hostile-$1" --request-target "$2" "$base/")" "400|text/plain; charset=utf-8||0"
    check "$1 reason" "$(cat "$work/hostile-$1.body")" "the link was refused: $3"
}
refused escape "/albums/%zz" "the link contains an invalid or truncated percent escape ('%zz') at offset 34"
refused trailing-percent "/a%" "the link contains an invalid or truncated percent escape ('%') at offset 28"
refused trailing-percent-2 "/albums/summer-2024%" \
    "the link contains an invalid or truncated percent escape ('%') at offset 45"
refused query-escape "/albums?albumname=%zz&index=1" \
    "the link contains an invalid or truncated percent escape ('%zz') at offset 44"
refused encoded-dots "/albums/%2e%2e" \
    "the link's path contains a '.' or '..' segment (segment '%2e%2e') at offset 34"
refused encoded-dots-2 "/a/%2E%2E/b" "the link's path contains a '.' or '..' segment (segment '%2E%2E') at offset 29"
refused dots "/a/../b" "the link's path contains a '.' or '..' segment (segment '..') at offset 29"
refused backslash '/albums\summer-2024' "the link contains a backslash, which browsers read as a slash at offset 33"
# Over the gate's documented limit of 4,096 bytes (LinkLimits.maxLength), and well under the
# HTTP parser's limit on a request line.
refused overlong "/albums/$(printf 'a%.0s' $(seq 1 5000))" \
    "the link is longer than the policy allows (5034 bytes, limit 4096) at offset 4096"
refused nul "/albums/%00" "the link's path contains an encoded separator or NUL ('%00') at offset 34"
refused encoded-slash "/albums/%2f" "the link's path contains an encoded separator or NUL ('%2f') at offset 34"
refused encoded-line-feed "/albums/%0a" \
    "the link contains whitespace or a control character (encoded line feed) at offset 34"
refused encoded-del "/albums/%7f" "the link contains whitespace or a control character (encoded DEL) at offset 34"
refused leading-double-slash "//albums/summer-2024" \
    "the link's path contains an empty segment ('//' in the path) at offset 27"
refused double-slash "/albums//summer-2024" \
    "the link's path contains an empty segment ('//' in the path) at offset 34"
# HEAD gets the refusal's headers and no body (SiteResponse: Content-Length is the GET body's).
check "HEAD of a malformed link" "$(head_request /albums/%zz)" "400|text/plain; charset=utf-8|100|0"
# Bytes no request line may hold (raw non-ASCII, raw controls) and a target that is neither a
# path nor a URL are refused by the HTTP parser both servers share (SwiftNIO's) before the site
# sees them: 400, no body, the connection closed. The responder refuses them too (the same
# test), so no server may answer them otherwise. curl will not send these bytes raw; python3
# does.
raw_request() { # raw_request TARGET (a Python bytes literal): "status|content-length|body bytes"
    python3 - "$port" "$1" <<'PY'
import ast, socket, sys
target = ast.literal_eval(sys.argv[2])
connection = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
connection.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: photos.example.com\r\nConnection: close\r\n\r\n")
answer = b""
while chunk := connection.recv(65536):
    answer += chunk
head, _, body = answer.partition(b"\r\n\r\n")
lines = head.decode("latin-1").split("\r\n")
length = [line.split(":", 1)[1].strip() for line in lines[1:] if line.lower().startswith("content-length:")]
print("%s|%s|%d" % (lines[0].split(" ")[1], length[0] if length else "", len(body)))
PY
}
check "raw UTF-8 in the target" "$(raw_request "b'/albums/caf\\xc3\\xa9'")" "400|0|0"
check "invalid UTF-8 in the target" "$(raw_request "b'/albums/\\xff'")" "400|0|0"
check "raw control in the target" "$(raw_request "b'/albums/\\x01'")" "400|0|0"
check "query-only target" "$(raw_request "b'?x=1'")" "400|0|0"
# A query on the root path is a link the app would open in the browser: the generic page, 200.
page root-query "/?x=1" 200 "$origin/" "Photo Album" none none

echo "== $server: stop the server"
stop_preview_server
done

echo "preview server: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
