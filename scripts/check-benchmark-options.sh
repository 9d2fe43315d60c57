#!/usr/bin/env bash
# Checks that `link-benchmarks` reads its command line strictly:
#   - `--help` and `-h` print the usage (the groups and flags) and exit 0, running nothing;
#   - an unknown flag, group or workload, a flag without its value and a count that is not a
#     whole number above 0 each exit 2 with the sentence that names it, on standard error.
#
#   scripts/check-benchmark-options.sh            # builds link-benchmarks (release) first
#   LINK_BENCHMARKS=/path/to/link-benchmarks scripts/check-benchmark-options.sh
#
# Exit status: 0 when every case answers as expected, 1 otherwise (the difference is printed).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z "${LINK_BENCHMARKS:-}" ]]; then
    swift build -c release --package-path "$root/Benchmarks" --product link-benchmarks >/dev/null
    LINK_BENCHMARKS="$(swift build -c release --package-path "$root/Benchmarks" --show-bin-path)/link-benchmarks"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# expect STATUS "FIRST LINE OF OUTPUT" ARGUMENTS...: the exit status and the first line printed
# (standard output for status 0, standard error otherwise).
expect() {
    local status=$1 line=$2
    shift 2
    local got=0
    "$LINK_BENCHMARKS" "$@" >"$work/out" 2>"$work/err" || got=$?
    local stream="$work/err"
    [[ $status -eq 0 ]] && stream="$work/out"
    local first
    first=$(head -n 1 "$stream")
    if [[ $got -ne $status || "$first" != "$line" ]]; then
        echo "link-benchmarks $*: expected status $status and '$line', got status $got and '$first'" >&2
        failed=1
    fi
}

usage="Benchmarks of the SDK beside its peers, in one process, with the ratio of each pair."
expect 0 "$usage" --help
expect 0 "$usage" -h
expect 0 "$usage" --quick --only router --help
expect 2 "link-benchmarks: error: unknown option '--hlep' (see --help)" --hlep
expect 2 "link-benchmarks: error: unknown option 'router' (see --help)" router
expect 2 "link-benchmarks: error: unknown group 'routr'; the groups are router, pipeline, typed, cost, table, scaling, association, memory, audit, site, shortlinks, hostile" --only router,routr
expect 2 "link-benchmarks: error: unknown group ''; the groups are router, pipeline, typed, cost, table, scaling, association, memory, audit, site, shortlinks, hostile" --only router,
expect 2 "link-benchmarks: error: --only takes a value" --only
expect 2 "link-benchmarks: error: --only takes a value" --only --quick
expect 2 "link-benchmarks: error: --rounds takes a whole number above 0, not 'many'" --rounds many
expect 2 "link-benchmarks: error: --round-ms takes a whole number above 0, not '0'" --round-ms 0
expect 2 "link-benchmarks: error: --hostile-sizes takes whole numbers above 0 separated by commas, not '10000,x'" --hostile-sizes 10000,x
expect 2 "link-benchmarks: error: unknown workload 'routers'; the workloads are router, pipeline, typed, typed-by-hand, association, adversarial, site, site-uncached, site-unseen, site-unseen-named, site-kept-photos, launch-json, table-heap" --profile routers
# The help lists every group and flag it takes.
"$LINK_BENCHMARKS" --help >"$work/help"
for word in router pipeline typed cost table scaling association memory audit site hostile \
    --quick --only --instructions --no-instructions --rounds --round-ms --hostile-sizes --profile --passes; do
    if ! grep -qE "^  (-h, )?$word( |$)" "$work/help"; then
        echo "link-benchmarks --help: '$word' is not listed" >&2
        failed=1
    fi
done

if [[ $failed -eq 0 ]]; then
    echo "link-benchmarks: --help prints the usage; every command line it does not take is refused with its reason"
fi
exit $failed
