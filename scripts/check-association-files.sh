#!/usr/bin/env bash
# For every example app with a route table (Examples/*/routes.json), generates its
# apple-app-site-association file with `deeplinks aasa generate` and its Android assetlinks.json
# with `deeplinks assetlinks generate`, validates each output with `validate --strict`, and
# cross-checks each file against its table with `aasa diff --strict` and
# `assetlinks diff --strict`.
# Exits 1 on any finding (error, warning or note), so a generated file always passes the
# validator.
#
# The domain is the first `applinks:` entry of the app's .entitlements; the App ID is the
# first one its hand-written apple-app-site-association names. The Android package name is the
# App ID's bundle ID; the examples have no Android signing key, so every one uses the sample
# fingerprint below.
#
#   scripts/check-association-files.sh            # builds deeplinks (debug) first
#   DEEPLINKS=/path/to/deeplinks scripts/check-association-files.sh
#
# Exit status: 0 every generated file is clean, 1 a finding or a failed step, 2 no example found.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z "${DEEPLINKS:-}" ]]; then
    swift build --package-path "$root" --product deeplinks >/dev/null
    DEEPLINKS="$(swift build --package-path "$root" --show-bin-path)/deeplinks"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A sample SHA-256 certificate fingerprint (no real key), in the exact format Android requires.
fingerprint=14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5

checked=0
failed=0
for table in "$root"/Examples/*/routes.json; do
    [[ -e "$table" ]] || continue
    dir=$(dirname "$table")
    app=$(basename "$dir")
    entitlements=$(ls "$dir"/*.entitlements 2>/dev/null | head -n 1 || true)
    domain=""
    if [[ -n "$entitlements" ]]; then
        domain=$(grep -o 'applinks:[^<"?]*' "$entitlements" | head -n 1 | cut -d: -f2 || true)
    fi
    app_id=""
    if [[ -f "$dir/apple-app-site-association" ]]; then
        app_id=$(grep -o '"[A-Za-z0-9]\{1,\}\.[A-Za-z0-9.-]\{1,\}"' "$dir/apple-app-site-association" \
            | head -n 1 | tr -d '"' || true)
    fi
    if [[ -z "$domain" || -z "$app_id" ]]; then
        echo "$app: cannot tell the domain (.entitlements) or the App ID (apple-app-site-association)" >&2
        failed=1
        continue
    fi
    out="$work/$app.json"
    if ! "$DEEPLINKS" aasa generate --table "$table" --app-id "$app_id" --domain "$domain" \
        >"$out" 2>"$work/$app.notes"; then
        echo "$app: aasa generate failed:" >&2
        cat "$work/$app.notes" >&2
        failed=1
        continue
    fi
    # --strict fails on errors and warnings; notes are findings too, so the report must
    # say there are none.
    if ! report=$("$DEEPLINKS" aasa validate --strict "$out") || ! grep -qx 'No findings.' <<<"$report"; then
        echo "$app: the generated file has findings:" >&2
        echo "$report" >&2
        failed=1
        continue
    fi
    # A generated file agrees with its table: the only URLs it sends without a route are its
    # components' known over-reach, which the diff acknowledges and names.
    if ! report=$("$DEEPLINKS" aasa diff --strict --table "$table" --file "$out" --app-id "$app_id" \
        --domain "$domain"); then
        echo "$app: the generated file disagrees with its table:" >&2
        echo "$report" >&2
        failed=1
        continue
    fi
    echo "$app: generated for $app_id on $domain, no findings, agrees with the table"
    package=${app_id#*.}
    android="$work/$app.assetlinks.json"
    if ! "$DEEPLINKS" assetlinks generate --table "$table" --app "$package=$fingerprint" --domain "$domain" \
        >"$android" 2>"$work/$app.android-notes"; then
        echo "$app: assetlinks generate failed:" >&2
        cat "$work/$app.android-notes" >&2
        failed=1
        continue
    fi
    if ! report=$("$DEEPLINKS" assetlinks validate --strict "$android") || ! grep -qx 'No findings.' <<<"$report"; then
        echo "$app: the generated assetlinks.json has findings:" >&2
        echo "$report" >&2
        failed=1
        continue
    fi
    # The generated file must agree with the table it came from: every route where its safety
    # says, with nothing to acknowledge.
    if ! report=$("$DEEPLINKS" assetlinks diff --strict --table "$table" --file "$android" \
        --package "$package" --domain "$domain"); then
        echo "$app: the generated assetlinks.json disagrees with its table:" >&2
        echo "$report" >&2
        failed=1
        continue
    fi
    echo "$app: generated assetlinks.json for $package on $domain, no findings, agrees with the table"
    checked=$((checked + 1))
done

if [[ $checked -eq 0 && $failed -eq 0 ]]; then
    echo "no example route table found under Examples/" >&2
    exit 2
fi
exit "$failed"
