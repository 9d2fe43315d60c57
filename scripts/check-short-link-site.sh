#!/usr/bin/env bash
# Builds the short-link example site (Examples/PreviewServer, product ShortLinkSite: Hummingbird
# over the SDK's ShortLinkResponder, links kept in a SQLite file), starts it on a free loopback
# port, and checks with real HTTP requests: the association file claims /s/, the API makes,
# lists, shows, draws and expires links behind its token, a short link answers the long link's
# landing page byte for byte and its JSON expansion, unknown codes 404 and expired ones 410, the
# counters, and that the links outlive a restart of the server.
#
#   scripts/check-short-link-site.sh
#
# Needs swift, curl and python3. The build folder is the package's .build unless
# PREVIEW_SERVER_SCRATCH names another. Exit status: 0 when every check passed, 1 otherwise; the
# last line is "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/preview-server.sh
package="$(pwd)/Examples/PreviewServer"
scratch=${PREVIEW_SERVER_SCRATCH:-$package/.build}
product=ShortLinkSite
export SHORT_LINK_STORE="$work/links.sqlite"
export SHORT_LINK_API_TOKEN="check-token-0123456789abcdefghijklmnopqrstuvwxyz"
auth="Authorization: Bearer $SHORT_LINK_API_TOKEN"

echo "== build $product"
build_preview_server debug --product "$product"
echo "== start it on loopback"
start_preview_server

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
# fetch NAME [curl options] URL: writes $work/NAME.body, prints the status.
fetch() {
    local name=$1
    shift
    curl -s --max-time 10 --max-redirs 0 -H "Host: shop.example.com" -o "$work/$name.body" -w '%{http_code}' "$@"
}
field() { # field NAME PYTHON-EXPRESSION-ON-j: reads the JSON body
    python3 -c "import json, sys; j = json.load(open(sys.argv[1])); print($2)" "$work/$1.body"
}

echo "== association file"
check "AASA" "$(fetch aasa "$base/.well-known/apple-app-site-association")" "200"
check "AASA claims the short links" "$(field aasa '[c["/"] for c in j["applinks"]["details"][0]["components"] if c.get("comment") == "route shortLink"]')" "['/s/?*']"

echo "== the API"
check "no token: 401" "$(fetch none -X POST --data '{"link": "https://shop.example.com/p/42"}' "$base/s/-/links")" "401"
check "vanity: 201" "$(fetch sale -X POST -H "$auth" -H 'Content-Type: application/json' \
    --data '{"link": "https://shop.example.com/p/42?utm_source=mail", "code": "spring-sale", "requestKey": "ci-1"}' "$base/s/-/links")" "201"
check "vanity: the url" "$(field sale 'j["url"]')" "https://shop.example.com/s/spring-sale"
check "vanity: the sanitised long link" "$(field sale 'j["link"]["expansion"]["link"]')" "https://shop.example.com/p/42"
check "retry: 200" "$(fetch retry -X POST -H "$auth" \
    --data '{"link": "https://shop.example.com/p/42?utm_source=mail", "code": "spring-sale", "requestKey": "ci-1"}' "$base/s/-/links")" "200"
check "random: 201" "$(fetch random -X POST -H "$auth" --data '{"link": "https://shop.example.com/p/7"}' "$base/s/-/links")" "201"
code=$(field random 'j["link"]["expansion"]["code"]')
check "random: 13 letters and digits" "$(python3 -c 'import re, sys; print(bool(re.fullmatch("[a-z0-9]{13}", sys.argv[1])))' "$code")" "True"
check "destructive: 400" "$(fetch destructive -X POST -H "$auth" --data '{"link": "https://shop.example.com/account/delete"}' "$base/s/-/links")" "400"
check "destructive: the reason" "$(field destructive 'j["error"]')" \
    "the link leads to the destructive route 'deleteAccount': a short link never changes or deletes data"
check "taken: 409" "$(fetch taken -X POST -H "$auth" --data '{"link": "https://shop.example.com/p/8", "code": "spring-sale"}' "$base/s/-/links")" "409"
check "unknown key: 400" "$(fetch unknown -X POST -H "$auth" --data '{"link": "https://shop.example.com/p/8", "cdoe": "x"}' "$base/s/-/links")" "400"
check "preview: 201" "$(fetch preview -X POST -H "$auth" --data '{"link": "https://shop.example.com/p/9", "code": "nine", "preview": {"title": "Nine, on sale"}}' "$base/s/-/links")" "201"
check "list" "$(fetch list -H "$auth" "$base/s/-/links")" "200"
check "list: three links" "$(field list 'len(j["links"])')" "3"
check "QR code" "$(fetch qr -H "$auth" "$base/s/-/links/spring-sale/qr")" "200"
check "QR code is SVG" "$(head -c 4 "$work/qr.body")" "<svg"

echo "== following a short link"
check "page" "$(fetch short -A "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0" "$base/s/spring-sale")" "200"
check "long page" "$(fetch long "$base/p/42")" "200"
check "the short link's page is the long link's but for the deferred link" "$(python3 - "$work/short.body" "$work/long.body" <<'PY'
import re, sys
short, long = (open(path, encoding="utf-8").read() for path in sys.argv[1:])
deferred = re.search(r'<p class="hint deferred">.*?</p>\n', short, re.S)
kept = deferred and "https://shop.example.com/s/spring-sale</code>" in deferred.group(0)
print("same" if kept and short.replace(deferred.group(0), "").replace("&amp;referrer=deeplinks_code%3Dspring-sale", "") == long else "different")
PY
)" "same"
check "the Play button carries the code for after the install" "$(grep -c 'details?id=com.example.shop&amp;referrer=deeplinks_code%3Dspring-sale' "$work/short.body")" "1"
check "expansion" "$(fetch expansion -H 'Accept: application/json' -A 'Shop/2.5 CFNetwork/1494 Darwin/23.0' "$base/s/spring-sale")" "200"
check "expansion: the long link" "$(field expansion 'j["link"]')" "https://shop.example.com/p/42"
check "preview page" "$(fetch nine "$base/s/nine")" "200"
check "the preview page shows its own title" "$(grep -c '<meta property="og:title" content="Nine, on sale">' "$work/nine.body")" "1"
check "unknown code: 404" "$(fetch nope "$base/s/no-such-code")" "404"
check "expire" "$(fetch expire -X POST -H "$auth" "$base/s/-/links/spring-sale/expire")" "200"
check "expired: 410" "$(fetch gone "$base/s/spring-sale")" "410"

echo "== counters"
check "stats" "$(fetch stats -H "$auth" "$base/s/-/stats?code=spring-sale")" "200"
check "stats: a page shown to a desktop (the app link offered), an expansion by an iOS app" \
    "$(field stats 'sorted((c["platform"], c["event"], c["count"]) for c in j["counts"])')" \
    "[('desktop', 'appLinkOffered', 1), ('desktop', 'pageShown', 1), ('iOS', 'expandedByApp', 1)]"

echo "== the links outlive a restart"
stop_preview_server
start_preview_server
check "random code after restart" "$(fetch again "$base/s/$code")" "200"
check "expired code after restart" "$(fetch gone-again "$base/s/spring-sale")" "410"
check "the store is one SQLite file in WAL mode" "$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA journal_mode").fetchone()[0])' "$SHORT_LINK_STORE")" "wal"

echo "$passed passed, $failed failed"
((failed == 0))
