#!/usr/bin/env bash
# The Streaming example keeps its route table and receiver configuration as JSON beside its
# Swift declaration (its own `swift test` proves they are one table). This checks that the
# command line reads those files as the app does:
#   - `deeplinks table check --strict --config config.json routes.json` finds nothing;
#   - `deeplinks resolve --config config.json --table routes.json --jsonl` answers every line of
#     samples.jsonl exactly as samples-answers.jsonl says (and exits 0: no line is rejected);
#   - `deeplinks aasa generate` for every domain of the entitlement writes the association file
#     stored beside the example, byte for byte.
#
#   scripts/check-streaming-example.sh            # builds deeplinks (debug) first
#   DEEPLINKS=/path/to/deeplinks scripts/check-streaming-example.sh
#
# Exit status: 0 all three hold, 1 otherwise (the difference is printed).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z "${DEEPLINKS:-}" ]]; then
    swift build --package-path "$root" --product deeplinks >/dev/null
    DEEPLINKS="$(swift build --package-path "$root" --show-bin-path)/deeplinks"
fi
example="$root/Examples/Streaming"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

if ! "$DEEPLINKS" table check --strict --config "$example/config.json" "$example/routes.json" >"$work/check" 2>&1; then
    echo "Streaming: table check --strict --config failed:" >&2
    cat "$work/check" >&2
    failed=1
else
    echo "Streaming: table check --strict --config: no findings"
fi

if ! "$DEEPLINKS" resolve --config "$example/config.json" --table "$example/routes.json" --jsonl \
    <"$example/samples.jsonl" >"$work/answers"; then
    echo "Streaming: resolve --jsonl rejected a sample line (or failed)" >&2
    failed=1
fi
if ! diff -u "$example/samples-answers.jsonl" "$work/answers" >&2; then
    echo "Streaming: resolve --jsonl answered the samples otherwise than samples-answers.jsonl" >&2
    failed=1
else
    echo "Streaming: resolve --jsonl answered $(wc -l <"$work/answers") samples as recorded"
fi

domains=()
while read -r domain; do domains+=(--domain "$domain"); done \
    < <(grep -o 'applinks:[^<"?]*' "$example/Streaming.entitlements" | cut -d: -f2)
app_id=$(grep -o '"[A-Za-z0-9]\{1,\}\.[A-Za-z0-9.-]\{1,\}"' "$example/apple-app-site-association" | head -n 1 | tr -d '"')
if ! "$DEEPLINKS" aasa generate --table "$example/routes.json" --app-id "$app_id" "${domains[@]}" \
    --output-dir "$work/aasa" >/dev/null 2>"$work/aasa-notes"; then
    echo "Streaming: aasa generate failed:" >&2
    cat "$work/aasa-notes" >&2
    failed=1
else
    for file in "$work"/aasa/*/apple-app-site-association; do
        domain=$(basename "$(dirname "$file")")
        if ! diff -u "$example/apple-app-site-association" "$file" >&2; then
            echo "Streaming: the stored apple-app-site-association differs from the one generated for $domain" >&2
            failed=1
        else
            echo "Streaming: aasa generate for $domain writes the stored apple-app-site-association"
        fi
    done
fi
exit "$failed"
