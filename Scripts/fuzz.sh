#!/usr/bin/env bash
# Fuzz one AdBridge target with libFuzzer (rules R5, R6; Docs/Reliability.md, section 2).
#
#   Scripts/fuzz.sh <target> <seconds> [libFuzzer options...]
#   targets: vast, wrapper, yandex, google, ifly, mediation, scenario
#
# Builds `adfuzz` once in its own scratch folder (.build/fuzz) with the address sanitizer and libFuzzer, in release mode,
# then runs the target for <seconds> in one process. The generated corpus grows in
# .build/fuzz/corpus/<target>; the seeds (Fixtures/, the target's seed folders, the IAB samples in
# ../shared/corpus read in place) are only read. A crash, a leak or a broken promise is written to
# .build/fuzz/findings/<target>/: make it a fixture in Fixtures/fuzz/<target>/ and an r6_ test.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$#" -lt 2 ]; then
    echo "usage: Scripts/fuzz.sh <target> <seconds> [libFuzzer options...]" >&2
    echo "targets: vast, wrapper, yandex, google, ifly, mediation, scenario, consent" >&2
    exit 2
fi
target="$1"
seconds="$2"
shift 2
case "$target" in
    vast | wrapper | yandex | google | ifly | mediation | scenario | consent) ;;
    *)
        echo "fuzz.sh: unknown target '$target' (vast, wrapper, yandex, google, ifly, mediation, scenario, consent)" >&2
        exit 2
        ;;
esac

# What -sanitize=fuzzer,address does, split in two, because SwiftPM links an executable built with
# --sanitize=fuzzer against libFuzzer's own main (a second `main`, and the target never chosen): every Swift module
# gets the address sanitizer and libFuzzer's coverage instrumentation, and adfuzz links libFuzzer without its main
# (libclang_rt.fuzzer_no_main) and calls LLVMFuzzerRunDriver itself (Fuzz/CFuzzerDriver, -DADFUZZ_LIBFUZZER).
scratch=.build/fuzz
runtime="$(dirname "$(dirname "$(command -v swiftc)")")/lib/clang"
no_main="$(find "$runtime" -name 'libclang_rt.fuzzer_no_main-x86_64.a' | head -n 1)"
if [ -z "$no_main" ]; then
    echo "fuzz.sh: libclang_rt.fuzzer_no_main-x86_64.a not found under $runtime; install a toolchain with libFuzzer" >&2
    exit 2
fi
echo "fuzz.sh: building adfuzz with the address sanitizer and libFuzzer (release) in $scratch"
swift build -c release --product adfuzz --scratch-path "$scratch" --sanitize=address \
    -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table \
    -Xcc -DADFUZZ_LIBFUZZER \
    -Xlinker --whole-archive -Xlinker "$no_main" -Xlinker --no-whole-archive -Xlinker -lstdc++
binary="$scratch/release/adfuzz"

corpus="$scratch/corpus/$target"
findings="$scratch/findings/$target"
mkdir -p "$corpus" "$findings"

# The seed folders: the same list as FuzzTarget.seedFolders (the R5 tests replay them).
seeds=()
case "$target" in
    vast) seeds=(Fixtures/vast Fixtures/yandex Fixtures/google Fixtures/ifly ../shared/corpus/iab-vast-samples) ;;
    wrapper) seeds=(Fuzz/Seeds/wrapper Fixtures/vast/chain Fixtures/vast/loop) ;;
    yandex) seeds=(Fixtures/yandex) ;;
    google) seeds=(Fixtures/google) ;;
    ifly) seeds=(Fixtures/ifly) ;;
    mediation) seeds=(Fixtures/mediation) ;;
    scenario) seeds=(Fixtures/scenarios) ;;
    consent) seeds=(Fuzz/Seeds/consent) ;;
esac
seeds+=("Fixtures/fuzz/$target")
existing=()
for dir in "${seeds[@]}"; do
    if [ -d "$dir" ]; then existing+=("$dir"); fi
done

dict=()
case "$target" in
    vast | wrapper | yandex | google | ifly) dict=(-dict=Fuzz/vast.dict) ;;
    mediation | scenario) dict=(-dict=Fuzz/mediation.dict) ;;
    consent) dict=(-dict=Fuzz/consent.dict) ;;
esac

# Leaks are findings too (detect_leaks=1), except the toolchain's own (Fuzz/lsan.supp).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}"
echo "fuzz.sh: $binary $target for ${seconds}s; corpus $corpus; seeds ${existing[*]}"
"$binary" "$target" "${dict[@]}" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$findings/" "$@" "$corpus" "${existing[@]}"
