#!/usr/bin/env bash
# No wall-clock assertion in any test (Docs/Testing.md, "No wall-clock assertions"; issue 32).
#
#   Scripts/check-tests.sh
#
# A test asserts an outcome, an ordering or virtual time (VirtualTimeDriver, ManualClock), never how long something
# took on a real clock: that fails on a busy machine and belongs in a benchmark (Benchmarks/adbench). This check
# greps every Swift file under Tests/ (comment lines left out) for what reads a real clock or runs timers on one:
# ContinuousClock, SuspendingClock, Date() / Date.now, DispatchTime.now / .now(), clock_gettime, gettimeofday,
# ProcessInfo's systemUptime, CFAbsoluteTimeGetCurrent, and LiveDriver (the live scheduler: a hop timeout on it
# fires late or early with the load). Each use outside the allowlist below is printed as file:line: text, and the
# script exits 1; 0 when there is none. Build folders (the .build of a package under Tests/Packages) are left out.
# No build; CI runs it (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

# The allowlist: the only files under Tests/ that may read a real clock, each for a reason that asserts nothing.
allowed=(
    # The one hang guard: polls for something another thread or process does and gives up after a minute of real
    # time, so that a hang fails a test instead of stalling the suite; it measures nothing.
    Tests/AdTestSupport/HangGuard.swift
    # A real HTTP server on 127.0.0.1: it paces its delayed and trickled answers and bounds its shutdown on the
    # real clock (its job is to be slow on purpose); it records no times for a test to assert.
    Tests/AdTestSupport/LoopbackHTTPServer.swift
    # The live driver's own tests: the one unit whose job is real time. They assert only orderings a load cannot
    # break (an action runs, never before its deadline; a cancelled one never runs).
    Tests/AdRuntimeTests/LiveDriverTests.swift
)

pattern='ContinuousClock|SuspendingClock|Date\(\)|Date\.now|DispatchTime\.now|\.now\(\)|clock_gettime|gettimeofday'
pattern+='|systemUptime|CFAbsoluteTimeGetCurrent|LiveDriver'

is_allowed() {
    local file="$1" entry
    for entry in "${allowed[@]}"; do
        if [ "$file" = "$entry" ]; then return 0; fi
    done
    return 1
}

found=0
while IFS= read -r file; do
    if is_allowed "$file"; then continue; fi
    # file:line: text of each matching line that is not a comment line.
    while IFS= read -r hit; do
        echo "$file:$hit"
        found=$((found + 1))
    done < <(grep -nE "$pattern" "$file" | grep -vE '^[0-9]+:[[:space:]]*//' || true)
done < <(find Tests -name '*.swift' -not -path '*/.build/*' | sort)

for entry in "${allowed[@]}"; do
    if [ ! -f "$entry" ]; then
        echo "check-tests: the allowlisted $entry does not exist; remove it from Scripts/check-tests.sh" >&2
        exit 1
    fi
done

if [ "$found" -gt 0 ]; then
    echo "check-tests: $found use(s) of a real clock in tests above. Assert an outcome, an ordering or virtual time" \
        "(VirtualTimeDriver, ManualClock); wait for another thread through HangGuard.waitUntil; measure time in" \
        "Benchmarks/adbench (Docs/Testing.md, \"No wall-clock assertions\")." >&2
    exit 1
fi
echo "check-tests: no test reads a real clock outside the ${#allowed[@]} allowlisted files"
