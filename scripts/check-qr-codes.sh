#!/usr/bin/env bash
# Checks the QR encoder (ShortLinkServer's QRCode) against a real decoder: the test
# QRCodeTests/writeSVGsForDecoder writes SVGs of short links of many lengths at every correction
# level, and of a text filling each version 1 to 40 at each level, with a manifest
# (`file<TAB>text` lines); each SVG is converted to PNG by rsvg-convert and read by zbarimg, and
# the decoded text must equal the expected one exactly (zbarimg's one trailing newline removed).
#
# Installs librsvg2-bin and zbar-tools with apt-get when rsvg-convert or zbarimg is missing.
#
#   scripts/check-qr-codes.sh
#
# Exit status: 0 every code decodes to its text, 1 a code decodes wrongly or not at all, or a
# step fails.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

if ! command -v rsvg-convert >/dev/null 2>&1 || ! command -v zbarimg >/dev/null 2>&1; then
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends \
        librsvg2-bin zbar-tools
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

QR_SVG_OUTPUT_DIR="$work" swift test --package-path "$root" \
    --filter 'QRCodeTests/writeSVGsForDecoder' >"$work/test.log" 2>&1 || {
    cat "$work/test.log"
    echo "check-qr-codes: the test that writes the SVGs failed" >&2
    exit 1
}
[[ -s "$work/manifest.tsv" ]] || {
    echo "check-qr-codes: the test wrote no manifest" >&2
    exit 1
}

total=0
failed=0
while IFS=$'\t' read -r name expected; do
    total=$((total + 1))
    rsvg-convert --background-color=white -o "$work/${name%.svg}.png" "$work/$name"
    if ! decoded=$(zbarimg --raw -q "$work/${name%.svg}.png" 2>/dev/null); then
        echo "FAIL $name: zbarimg found no code" >&2
        failed=$((failed + 1))
        continue
    fi
    # $(...) drops zbarimg's trailing newline; anything else must match exactly.
    if [[ "$decoded" != "$expected" ]]; then
        echo "FAIL $name: expected $expected" >&2
        echo "              decoded  $decoded" >&2
        failed=$((failed + 1))
    fi
done <"$work/manifest.tsv"

if ((failed)); then
    echo "check-qr-codes: $failed of $total codes did not decode to their text" >&2
    exit 1
fi
echo "check-qr-codes: all $total codes decode to their text with zbarimg"
