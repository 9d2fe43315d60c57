#!/usr/bin/env bash
# Checks that the library modules are memory safe outside the files named for their unsafe code.
#
#   scripts/check-memory-safety.sh [--no-build]
#
# --no-build leaves out step 1, for a run that follows a build of the package from scratch
# whose every warning was already refused (CI runs scripts/check-warnings.sh first, on a fresh
# clone, and the libraries' strict-memory-safety setting is in Package.swift).
#
# Every library target is compiled with strict memory safety checking (Package.swift). This
# script
#   1. builds every library module from scratch (in its own scratch folder, so that every file is
#      compiled and every warning printed) and fails on any strict-memory-safety warning: each
#      unsafe construct must be marked `unsafe` and say why it is safe;
#   2. fails when a source file of a library module whose name does not start with `Unsafe`
#      holds an unsafe construct (`unsafe`, `@unsafe`, `nonisolated(unsafe)`,
#      `@unchecked Sendable`, an `Unsafe…` type or a `withUnsafe…` call), comments aside;
#   3. fails when such a file declares anything `@safe` (a promise the compiler does not check:
#      it belongs beside the unsafe code it vouches for);
#   4. compiles the probes in scripts/memory-safety-probes into the DeepLinks module: the misuses
#      of its views must be refused by the compiler, their intended use accepted, and every read
#      past the end of a text must stop an optimised program;
#   5. prints, per module, how many lines of the named files hold an unsafe construct: the
#      figure the DocC article "The gate and the security model" gives.
set -euo pipefail
cd "$(dirname "$0")/.."

LIBRARIES=(DeepLinks DeepLinksJSON AssociatedDomains LinkPreviews DeepLinksTesting LinkAudit ShortLinks ShortLinkServer)
build=true
case "${1:-}" in
    "") ;;
    --no-build) build=false ;;
    *) echo "usage: $0 [--no-build]" >&2; exit 2 ;;
esac
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
status=0

if $build; then
    echo "== strict memory safety: building ${LIBRARIES[*]} from scratch"
    log="$SCRATCH/build.log"
    for target in LinkAudit DeepLinksTesting ShortLinkServer; do
        swift build --target "$target" --scratch-path "$SCRATCH/build" >>"$log" 2>&1 || {
            cat "$log"
            echo "build failed"
            exit 1
        }
    done
    warnings="$(grep -E '^/.*: warning: .*(unsafe|memory safety)' "$log" | sort -u || true)"
    if [[ -n "$warnings" ]]; then
        echo "$warnings"
        echo "FAILED: $(grep -c . <<<"$warnings") strict-memory-safety warnings (mark each use \`unsafe\`, in a file named Unsafe*.swift)"
        status=1
    else
        echo "no strict-memory-safety warning"
    fi
else
    echo "== strict memory safety: the build from scratch before this one refused every warning"
fi

echo "== unsafe constructs and @safe promises outside the files named Unsafe*.swift"
pattern='(^|[^A-Za-z_.])(unsafe[[:space:]]|@unsafe|@safe|nonisolated\(unsafe\)|@unchecked[[:space:]]+Sendable|Unsafe[A-Z][A-Za-z]*|withUnsafe[A-Z][A-Za-z]*|unsafeBitCast|unsafeDowncast|unsafeAddress)'
outside=""
for module in "${LIBRARIES[@]}"; do
    while IFS= read -r file; do
        hits="$(grep -nE "$pattern" "$file" | grep -vE '^[0-9]+:[[:space:]]*//' || true)"
        if [[ -n "$hits" ]]; then outside+="$(sed "s|^|$file:|" <<<"$hits")"$'\n'; fi
    done < <(find "Sources/$module" -name '*.swift' ! -name 'Unsafe*.swift' | sort)
done
if [[ -n "$outside" ]]; then
    printf '%s' "$outside"
    echo "FAILED: $(grep -c . <<<"$outside") lines with unsafe constructs outside the named files"
    status=1
else
    echo "none"
fi

echo "== probes: misuses refused, reads past the end stopped in an optimised build"
probes=scripts/memory-safety-probes
module_sources=()
while IFS= read -r file; do module_sources+=("$file"); done < <(find Sources/DeepLinks -name '*.swift' | sort)
flags=(-parse-as-library -module-name DeepLinks -package-name deeplinks -swift-version 6 -enable-experimental-feature Lifetimes
    -strict-memory-safety)
probe_log="$SCRATCH/probe.log"
reader="$SCRATCH/reads-past-the-end"
reader_log="$SCRATCH/reader-build.log"
# The optimised probe is built beside the type checks (each of them and the build use one core).
swiftc -O -wmo "${flags[@]}" "${module_sources[@]}" "$probes/ReadsPastTheEnd.swift" -o "$reader" \
    >"$reader_log" 2>&1 &
reader_build=$!
typecheck() { swiftc -typecheck "${flags[@]}" "${module_sources[@]}" "$probes/$1.swift" >"$probe_log" 2>&1; }
if typecheck UsesViews; then
    echo "UsesViews: accepted"
else
    cat "$probe_log"
    echo "FAILED: the intended use of the views does not compile"
    status=1
fi
for probe in KeepsByteView KeepsMatchInput WritesSharedStorage; do
    if typecheck "$probe"; then
        echo "FAILED: $probe compiles"
        status=1
    elif ! grep -qE "$probe\.swift:[0-9]+:[0-9]+: error:" "$probe_log"; then
        cat "$probe_log"
        echo "FAILED: $probe is refused, but not for its own line"
        status=1
    else
        echo "$probe: refused ($(grep -m1 -oE "$probe\.swift:[0-9]+:[0-9]+: error: .*" "$probe_log" | sed 's/^[^ ]* //'))"
    fi
done
if ! wait "$reader_build"; then
    cat "$reader_log"
    echo "FAILED: the optimised probe does not build"
    status=1
elif ! "$reader" inside; then
    echo "FAILED: a read inside the text stopped the program"
    status=1
else
    for kind in byte word scan table words slice string; do
        rc=0
        ( "$reader" "$kind" ) >"$probe_log" 2>&1 || rc=$?
        if ((rc == 0)); then
            echo "FAILED: a $kind read past the end returned ($(cat "$probe_log"))"
            status=1
        else
            echo "$kind read past the end: stopped (exit status $rc)"
        fi
    done
fi

echo "== unsafe code in the named files (lines holding an unsafe construct, comments aside)"
for module in "${LIBRARIES[@]}"; do
    files="$(find "Sources/$module" -name 'Unsafe*.swift' | sort)"
    if [[ -z "$files" ]]; then
        printf '%-18s no unsafe code\n' "$module"
        continue
    fi
    lines=0
    for file in $files; do
        n="$( (grep -nE "$pattern" "$file" || true) | (grep -vE '^[0-9]+:[[:space:]]*//' || true) | wc -l)"
        lines=$((lines + n))
    done
    printf '%-18s %4d lines in %s\n' "$module" "$lines" "$(sed 's|^Sources/[^/]*/||' <<<"$files" | tr '\n' ' ')"
done
exit $status
