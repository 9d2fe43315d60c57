#!/usr/bin/env bash
# Builds the libFuzzer harnesses and runs each for a time budget.
#
#   Fuzz/run.sh [SECONDS] [HARNESS ...]
#
# SECONDS defaults to 60 per harness; with no HARNESS every harness runs. Seeds come from
# Fuzz/Seeds/<harness>/ and, when present, ../shared/corpora beside the repository. Inputs
# that crash, leak or time out are written to Fuzz/Crashers/<harness>/ and the script exits
# non-zero. Every file already in Fuzz/Crashers/ is replayed first, as a regression check.
set -euo pipefail
cd "$(dirname "$0")"

SECONDS_EACH="${1:-60}"
shift || true
ALL=(FuzzLinkGate)
HARNESSES=("${@:-${ALL[@]}}")
if [[ $# -eq 0 ]]; then HARNESSES=("${ALL[@]}"); fi

echo "== building harnesses (fuzzer + address sanitizer, release)"
swift build --sanitize=fuzzer --sanitize=address -c release 2>&1 | grep -v "Cannot export local symbol" || true
BIN="$(swift build --sanitize=fuzzer --sanitize=address -c release --show-bin-path)"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
CORPORA="../../shared/corpora"

seed_corpus() {
    local harness="$1" dir="$2"
    mkdir -p "$dir"
    if [[ -d "Seeds/$harness" ]]; then cp Seeds/"$harness"/* "$dir"/ 2>/dev/null || true; fi
    if [[ -d "$CORPORA" ]]; then
        python3 - "$harness" "$dir" "$CORPORA" <<'PY'
import json, os, sys, glob
harness, out, corpora = sys.argv[1:4]
def write(i, text):
    with open(os.path.join(out, f"c{i:05d}"), "wb") as f:
        f.write(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
n = 0
if harness == "FuzzLinkGate":
    for case in json.load(open(os.path.join(corpora, "whatwg/urltestdata.json"))):
        if isinstance(case, dict):
            write(n, case["input"]); n += 1
    for path in glob.glob(os.path.join(corpora, "payloads/*.txt")):
        for line in open(path, encoding="utf-8", errors="replace"):
            line = line.rstrip("\n")
            write(n, "https://www.whitelisteddomain.tld" + line if line.startswith("/") else line); n += 1
PY
    fi
}

status=0
for harness in "${HARNESSES[@]}"; do
    mkdir -p "Crashers/$harness"
    if compgen -G "Crashers/$harness/*" > /dev/null; then
        echo "== $harness: replaying $(ls Crashers/"$harness" | wc -l) stored crashers"
        "$BIN/$harness" Crashers/"$harness"/* || status=1
    fi
    corpus="$WORK/$harness"
    seed_corpus "$harness" "$corpus"
    echo "== $harness: fuzzing for ${SECONDS_EACH}s from $(ls "$corpus" | wc -l) seeds"
    if ! "$BIN/$harness" "$corpus" -max_total_time="$SECONDS_EACH" -timeout=5 -rss_limit_mb=4096 \
        -max_len=4096 -print_final_stats=1 -artifact_prefix="Crashers/$harness/" 2> "$WORK/$harness.log"; then
        status=1
        tail -40 "$WORK/$harness.log"
    fi
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|DONE|cov:" "$WORK/$harness.log" | tail -4
done
exit $status
