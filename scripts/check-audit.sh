#!/usr/bin/env bash
# Audits the example site (Examples/AuditedSite) in the three forms `deeplinks audit` writes and
# checks each: the terminal report (its verdict counts), the JSON report (one object per URL
# with url, opensApp, decidedBy, route, outcome, findings, and Android's verdict) and the HTML report, which is read
# back by html5lib (scripts/check-audit-report.py: no parse error, no external resource) and
# opened in headless Chromium (a screenshot, no console message, the table script ran).
#
#   scripts/check-audit.sh [--output DIR]       # builds deeplinks (debug) first
#   DEEPLINKS=/path/to/deeplinks CHROMIUM=/usr/bin/chromium scripts/check-audit.sh
#
# The example's problems are deliberate, so every audit must exit with status 1 (check failed).
# The reports and the screenshot are kept in DIR (default .build/audit-example).
# Exit status: 0 every check passed, 1 a check failed.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
output="$root/.build/audit-example"
[[ "${1:-}" == "--output" ]] && output=$2
mkdir -p "$output"
if [[ -z "${DEEPLINKS:-}" ]]; then
    swift build --package-path "$root" --product deeplinks >/dev/null
    DEEPLINKS="$(swift build --package-path "$root" --show-bin-path)/deeplinks"
fi
site="$root/Examples/AuditedSite"
audit=("$DEEPLINKS" audit --table "$site/routes.json" --config "$site/receiver.json"
    --entitlements "$site/Shop.entitlements" --file "$site/apple-app-site-association"
    --assetlinks "$site/assetlinks.json"
    --previews --site "$site/site.json" --preview-content "$site/preview-content.json"
    "$site/site/sitemap.xml")

run() {  # run NAME EXPECTED-STATUS COMMAND...: keeps standard output in $output/NAME
    local name=$1 expected=$2 status=0
    shift 2
    "$@" >"$output/$name" || status=$?
    if [[ $status -ne $expected ]]; then
        echo "FAIL $name: exit status $status, expected $expected" >&2
        exit 1
    fi
}

echo "== terminal"
run audit.txt 1 "${audit[@]}"
cat "$output/audit.txt"
for line in "blankScreen     2" "unguardedRoute  1" "missedRoute     2" "refused         1" \
    "browser         2" "route           4"; do
    grep -q "^$line " "$output/audit.txt" || { echo "FAIL terminal: no line '$line'" >&2; exit 1; }
done

echo "== json"
run audit.json 1 "${audit[@]}" --json
python3 - "$output/audit.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
results = report["results"]
assert len(results) == report["summary"]["urls"] == 12, len(results)
for result in results:
    missing = {"url", "verdict", "opensApp", "decidedBy", "route", "outcome", "findings", "preview", "android"} - set(result)
    assert not missing, (result["url"], missing)
verdicts = {r["verdict"] for r in results}
assert verdicts == {"blankScreen", "unguardedRoute", "missedRoute", "refused", "browser", "route"}, verdicts
codes = sorted({p["code"] for r in results for p in r["findings"]})
assert codes == ["AUDIT001", "AUDIT002", "AUDIT003", "AUDIT004", "AUDIT006", "AUDIT007", "AUDIT008", "AUDIT009"], codes
print(f"{len(results)} URLs, every verdict, codes {', '.join(codes)}")
PY

echo "== html"
run audit-html.txt 1 "${audit[@]}" --html "$output/audit.html"
python3 "$root/scripts/check-audit-report.py" "$output/audit.html" --urls 12

chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
[[ -n "$chromium" ]] || { echo "FAIL chromium is not installed" >&2; exit 1; }
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run
    --user-data-dir="$output/chromium-profile" --enable-logging=stderr --v=0)
page="file://$output/audit.html"
"$chromium" "${flags[@]}" --window-size=1280,1800 --screenshot="$output/audit.png" "$page" \
    2>"$output/chromium-screenshot.log" >/dev/null
[[ -s "$output/audit.png" ]] || { echo "FAIL no screenshot" >&2; cat "$output/chromium-screenshot.log" >&2; exit 1; }
"$chromium" "${flags[@]}" --dump-dom "$page" 2>"$output/chromium-dom.log" >"$output/audit-dom.html"
if grep -h "CONSOLE" "$output/chromium-screenshot.log" "$output/chromium-dom.log"; then
    echo "FAIL the page wrote to the console" >&2
    exit 1
fi
grep -q 'data-ready="true"' "$output/audit-dom.html" || { echo "FAIL the table script did not run" >&2; exit 1; }
echo "screenshot: $output/audit.png; no console message; the table script ran"
echo "audit example: terminal, JSON and HTML checked"
