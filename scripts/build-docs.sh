#!/usr/bin/env bash
# Builds the DocC documentation of every library module (DeepLinks, DeepLinksJSON, AssociatedDomains, LinkAudit,
# LinkPreviews, DeepLinksTesting) with warnings as errors: every symbol link and every article
# link must resolve, and every documented parameter must exist.
#
#   scripts/build-docs.sh [--output DIR] [MODULE…]
#
# Builds the package (the ordinary incremental debug build in .build), extracts each module's
# public symbol graph with swift-symbolgraph-extract, then runs `docc convert` on each module's
# Sources/MODULE/Documentation.docc. The archives are written to DIR/MODULE.doccarchive
# (default DIR: .build/docs). Needs swift, docc and swift-symbolgraph-extract (on PATH, or
# beside swift).
# Exit status: 0 when every module built without a warning, 1 otherwise, 2 for a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

output="$root/.build/docs"
modules=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --output) output=$2; shift 2 ;;
        -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
        *) modules+=("$1"); shift ;;
    esac
done
[[ ${#modules[@]} -gt 0 ]] || modules=(DeepLinks DeepLinksJSON AssociatedDomains LinkPreviews LinkAudit DeepLinksTesting ShortLinks ShortLinkServer)
for module in "${modules[@]}"; do
    [[ -d "Sources/$module/Documentation.docc" ]] || {
        echo "no catalog at Sources/$module/Documentation.docc" >&2
        exit 2
    }
done

command -v swift >/dev/null 2>&1 || { echo "swift is not installed" >&2; exit 1; }
docc=$(command -v docc || true)
if [[ -z "$docc" ]]; then
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
    [[ -x "$docc" ]] || { echo "docc is not installed (not on PATH, not beside swift)" >&2; exit 1; }
fi

extract="$(dirname "$docc")/swift-symbolgraph-extract"
[[ -x "$extract" ]] || extract=$(command -v swift-symbolgraph-extract || true)
[[ -n "$extract" ]] || { echo "swift-symbolgraph-extract is not installed" >&2; exit 1; }

echo "== build (debug, incremental)"
swift build
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)
[[ -n "$triple" ]] || { echo "cannot read the target triple from swift -print-target-info" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$output"
failed=0
for module in "${modules[@]}"; do
    echo "== $module"
    # This module's public symbols (its own, and its extensions of other modules' types).
    mkdir -p "$work/$module"
    # The system-library targets' module maps (CSQLite) are found as the build found them.
    "$extract" -module-name "$module" -I "$bin/Modules" $(for map in Sources/*/module.modulemap; do echo "-I $(dirname "$map")"; done) -target "$triple" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$work/$module"
    rm -rf "$output/$module.doccarchive"
    if ! "$docc" convert "Sources/$module/Documentation.docc" \
        --additional-symbol-graph-dir "$work/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --output-path "$output/$module.doccarchive" \
        --warnings-as-errors; then
        failed=$((failed + 1))
        echo "FAIL $module"
    fi
done

if [[ $failed -gt 0 ]]; then
    echo "documentation: $failed of ${#modules[@]} modules failed"
    exit 1
fi
echo "documentation: ${#modules[@]} modules built in $output"
