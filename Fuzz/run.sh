#!/usr/bin/env bash
# Builds the libFuzzer harnesses and runs each for a time budget.
#
#   Fuzz/run.sh [SECONDS] [HARNESS ...]
#
# SECONDS defaults to 60 per harness; with no HARNESS every harness in ALL runs, FUZZ_JOBS at a
# time (default: one per core). Each corpus is seeded from Fuzz/Seeds/<harness>/ and, when present, from
# Tests/Corpora (the public corpora kept in the repository) and the package's test fixtures (generated into a
# temporary folder, never into the repository). Every file already in Fuzz/Crashers/<harness>/
# is replayed first, as a regression check.
#
# An input that crashes, breaks an invariant, leaks or runs past the time limit is written to
# Fuzz/Crashers/<harness>/ as crash-*, leak-* or timeout-* (ignored by git) and the script
# exits non-zero. To keep one: rename it to what it shows (`timeout-star-pattern.json`), add a
# regression test for it to the matching test target, and fix the bug.
set -euo pipefail
cd "$(dirname "$0")"

SECONDS_EACH="${1:-60}"
shift || true
ALL=(FuzzLinkGate FuzzSmartAppBanner FuzzLinkReceiver FuzzLinkHolder FuzzRouteTable FuzzAssociationFile
    FuzzAssociationMatch FuzzEntitlement FuzzAssetLinks FuzzLinkPreview FuzzLineProtocols FuzzSitemap FuzzSitemapIndex
    FuzzShortLinks)
if [[ $# -eq 0 ]]; then HARNESSES=("${ALL[@]}"); else HARNESSES=("$@"); fi

# The longest input each harness is given: past the limit the parser is tested with, so that
# "just over the limit" inputs are generated too.
max_len() {
    case "$1" in
        FuzzSmartAppBanner) echo 8400 ;;
        FuzzAssociationFile | FuzzAssetLinks) echo 20000 ;;
        FuzzRouteTable | FuzzAssociationMatch | FuzzLineProtocols) echo 8192 ;;
        *) echo 4600 ;;
    esac
}


# libFuzzer reports the crash; Swift's own backtracer would only get in its way.
export SWIFT_BACKTRACE=enable=no
# Swift's lazily initialised globals live until exit, which LeakSanitizer reports as leaks.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
CORPORA="../Tests/Corpora"

echo "== building harnesses (fuzzer + address sanitizer, release)"
# A harness that does not build must not run as it was last built: the build's status counts.
swift build --sanitize=fuzzer --sanitize=address -c release > "$WORK/build.log" 2>&1 || {
    grep -v "Cannot export local symbol" "$WORK/build.log"
    echo "FAILED: the harnesses do not build"
    exit 1
}
grep -v "Cannot export local symbol" "$WORK/build.log" || true
BIN="$(swift build --sanitize=fuzzer --sanitize=address -c release --show-bin-path)"

seed_corpus() {
    local harness="$1" dir="$2"
    mkdir -p "$dir"
    if [[ -d "Seeds/$harness" ]]; then cp Seeds/"$harness"/* "$dir"/ 2>/dev/null || true; fi
    python3 Seeds/generate.py "$harness" "$dir" "$CORPORA" ..
}

# run_harness HARNESS: replays the harness's stored crashers, then fuzzes it for the budget;
# prints what it did and fails when an input crashed or broke an invariant.
run_harness() {
    local harness="$1" status=0 corpus started
    local dict=()
    mkdir -p "Crashers/$harness"
    if compgen -G "Crashers/$harness/*" > /dev/null; then
        echo "== $harness: replaying $(ls Crashers/"$harness" | wc -l) stored crashers"
        "$BIN/$harness" -timeout=5 -rss_limit_mb=2048 Crashers/"$harness"/* > "$WORK/$harness.replay.log" 2>&1 || {
            status=1
            tail -40 "$WORK/$harness.replay.log"
        }
    fi
    corpus="$WORK/$harness"
    seed_corpus "$harness" "$corpus"
    if [[ -f "Dictionaries/$harness.dict" ]]; then dict=(-dict="Dictionaries/$harness.dict"); fi
    echo "== $harness: fuzzing for ${SECONDS_EACH}s from $(ls "$corpus" | wc -l) seeds"
    started=$(date +%s)
    if ! "$BIN/$harness" "$corpus" "${dict[@]}" -max_total_time="$SECONDS_EACH" -timeout=5 -rss_limit_mb=2048 \
        -max_len="$(max_len "$harness")" -print_final_stats=1 \
        -artifact_prefix="Crashers/$harness/" > "$WORK/$harness.log" 2>&1; then
        status=1
        grep -B5 -A30 -E "invariant broken|ERROR: libFuzzer|ERROR: AddressSanitizer|Fatal error" "$WORK/$harness.log" \
            | head -60 || tail -40 "$WORK/$harness.log"
    fi
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$WORK/$harness.log" | sed "s/^/   /" || true
    echo "   took $(($(date +%s) - started))s"
    return $status
}

# The harnesses run FUZZ_JOBS at a time (default: one per core; each fuzzer is one process on
# one core); each one's report is printed whole, in the order of the list, once it has ended.
JOBS="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
status=0
started_harnesses=()
for harness in "${HARNESSES[@]}"; do
    if [[ ! -x "$BIN/$harness" ]]; then
        echo "== $harness: no such harness (known: ${ALL[*]})"
        status=1
        continue
    fi
    while (($(jobs -rp | wc -l) >= JOBS)); do wait -n || true; done
    # The status goes into a file: `wait -n` may already have collected the job's own.
    { run_harness "$harness" > "$WORK/$harness.report" 2>&1 && echo 0 || echo 1; } > "$WORK/$harness.status" &
    started_harnesses+=("$harness")
done
wait
for harness in "${started_harnesses[@]}"; do
    cat "$WORK/$harness.report"
    [[ "$(cat "$WORK/$harness.status" 2>/dev/null)" == 0 ]] || status=1
done
exit $status
