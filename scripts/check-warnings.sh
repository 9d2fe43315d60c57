#!/usr/bin/env bash
# Fails when building the package's own code prints a warning.
#
#   scripts/check-warnings.sh [PACKAGE ...]
#
# PACKAGE is one of: root (the package with its tests: the libraries, the command line and every
# test target), examples (every package under Examples/, with its tests), benchmarks, fuzz (the
# libFuzzer harnesses, built as Fuzz/run.sh builds them). Without one, all four are built.
#
# Each package is built the way the rest of CI builds it (same configuration, same build folder),
# so the later steps reuse what is built here. A file that is not recompiled prints no warning,
# so when a package was built before, its own Swift and C sources are touched first: every one
# of them is compiled, and every warning printed. On a fresh clone nothing needs touching, and
# nothing is: each build stays up to date for the steps that reuse it. Warnings from dependency packages (under .build/checkouts) are not
# the package's to fix and are left out; so is the linker's "Cannot export local symbol" note
# for the fuzzer build, which Fuzz/run.sh filters as well.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -eq 0 ]]; then set -- root examples benchmarks fuzz; fi

LOG_DIR="$(mktemp -d)"
trap 'rm -rf "$LOG_DIR"' EXIT
status=0

# touch_sources BUILD FOLDER...: touches the Swift and C sources under each FOLDER that exists,
# when the build folder BUILD exists already: a package built before would not recompile them.
# On a fresh clone nothing is touched, so a build made here stays up to date for the steps that
# follow (touching the shared Sources/ would make every other package's build compile it again).
touch_sources() {
    local folder
    [[ -d "$1" ]] || return 0
    shift
    for folder in "$@"; do
        [[ -d "$folder" ]] || continue
        find "$folder" \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) -not -path '*/.build/*' \
            -exec touch {} +
    done
}

# build NAME PACKAGE COMMAND...: runs the build of the package in folder PACKAGE, then prints
# and counts the warnings in its output.
build() {
    local name=$1 package=$2
    shift 2
    local log="$LOG_DIR/${name//\//-}.log"
    local started=$SECONDS
    echo "== $name: $*"
    if ! "$@" >"$log" 2>&1; then
        cat "$log"
        echo "FAILED: $name does not build"
        status=1
        return
    fi
    # A warning's first line names its place ("file:line:column: warning: …") or its tool
    # ("warning: …"); the source excerpt printed under it ("  |  `- warning: …") is left out.
    # SwiftPM's own warnings about a package name it ("warning: 'name': …"): those about a
    # dependency (checked out under .build/checkouts) are left out too.
    local warnings line name
    warnings="$(grep -E 'warning:' "$log" |
        grep -vE '^[[:space:]]*[0-9]*[[:space:]]*\|' |
        grep -v '/\.build/checkouts/' |
        grep -v 'Cannot export local symbol' |
        sort -u |
        while IFS= read -r line; do
            if [[ "$line" =~ ^warning:\ \'([^\']+)\': ]]; then
                name="${BASH_REMATCH[1]}"
                [[ -d "$package/.build/checkouts/$name" ]] && continue
            fi
            echo "$line"
        done || true)"
    if [[ -n "$warnings" ]]; then
        echo "$warnings"
        echo "FAILED: $name: $(grep -c . <<<"$warnings") warnings"
        status=1
    else
        echo "$name: no warning ($((SECONDS - started)) s)"
    fi
}

for package in "$@"; do
    case "$package" in
        root)
            touch_sources .build Sources Tests
            build root . swift build --build-tests
            ;;
        examples)
            for example in Examples/*/; do
                example="${example%/}"
                [[ -f "$example/Package.swift" ]] || continue
                # A package built within another example (its Package.swift says which) is
                # compiled, with its warnings, in that example's build.
                if within=$(grep -oE 'CI builds this package within Examples/[A-Za-z]+' "$example/Package.swift"); then
                    touch_sources "${within##* }/.build" "$example/Sources"
                    echo "$example: built within ${within##* }"
                    continue
                fi
                touch_sources "$example/.build" Sources "$example/Sources" "$example/Tests"
                build "$example" "$example" swift build --build-tests --package-path "$example"
            done
            ;;
        benchmarks)
            touch_sources Benchmarks/.build Sources Benchmarks/Sources
            build Benchmarks Benchmarks swift build -c release --package-path Benchmarks
            ;;
        fuzz)
            touch_sources Fuzz/.build Sources Fuzz/Sources
            build Fuzz Fuzz swift build --sanitize=fuzzer --sanitize=address -c release --package-path Fuzz
            ;;
        *)
            echo "unknown package '$package' (root, examples, benchmarks or fuzz)" >&2
            exit 2
            ;;
    esac
done

if [[ $status -ne 0 ]]; then
    echo "FAILED: fix every warning above"
else
    echo "no warning in any build"
fi
exit $status
