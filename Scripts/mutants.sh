#!/usr/bin/env bash
# Mutation testing for AdBridge (Docs/Testing.md): applies each mutation listed in Scripts/mutants.txt, one at a
# time, in a scratch copy of the repository, runs the mutation's filtered tests there, and reports whether the
# tests caught it.
#
#   Scripts/mutants.sh [--only <id-substring>] [--scratch <dir>] [--list] [--help]
#   Scripts/mutants.sh --generate <n> [--seed <s>] [--scratch <dir>] [--only <text>]
#
#   --generate <n>    instead of the list, n mutants found in Sources/ and Providers/ by Scripts/MutantGenerator.swift
#                     (operators, && and || clauses, booleans, constants, min/max, guards, literal elements), the
#                     same share from every module, seeded; each runs its module's tests, a survivor the whole suite;
#                     then a score per module and every survivor with its file, line and change
#   --seed <s>        the generator's seed (default 1); the same seed on the same tree gives the same mutants
#   --mutations <f>   run the mutations of file f (the format of mutants.txt) instead of the list: a generated
#                     list kept from an earlier run (the generator's output), to measure the same mutants again
#   --only <text>     run only the mutations whose id contains <text> (may be given more than once)
#   --scratch <dir>   the scratch folder to use and keep (its build is reused by the next run: much faster);
#                     by default a fresh folder from mktemp -d, removed at the end
#   --list            check every mutation (its file exists, its text occurs exactly once) and list them; no build
#   --help            this text
#
# Every mutation prints one line: `killed`, `survived` or `invalid` (its text does not occur exactly once, or the
# mutated code does not compile), then a score line `mutants: killed K of N`. Exit status 0 when every selected
# mutation was killed, 1 otherwise, 2 for a usage error or a baseline that fails without any mutation.
#
# The scratch copy holds the repository without .build and .git; it is built once (swift build --build-tests
# --scratch-path <scratch>/build), the union of the selected filters is run once unmutated (it must pass), then
# each mutation is an incremental rebuild and a `swift test --skip-build --filter <filter>`. Environment:
# MUTANT_TIMEOUT (seconds per mutation's test run, default 900), SWIFT (the swift executable, default swift).
# Not part of CI (the whole list takes a while; run it with `nice -n 10` on a shared machine), but `--list` is:
# .ci/run checks that every mutation still applies, so none can rot.
set -uo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
list_file="$repo/Scripts/mutants.txt"
swift_bin="${SWIFT:-swift}"
timeout_seconds="${MUTANT_TIMEOUT:-900}"
only=()
generate=0
seed=1
scratch=""
keep_scratch=0
list_only=0

usage() { sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; }

while [ "$#" -gt 0 ]; do
    case "$1" in
        --only)
            [ "$#" -ge 2 ] || { echo "mutants.sh: --only needs a value" >&2; exit 2; }
            only+=("$2")
            shift 2
            ;;
        --scratch)
            [ "$#" -ge 2 ] || { echo "mutants.sh: --scratch needs a folder" >&2; exit 2; }
            scratch="$2"
            keep_scratch=1
            shift 2
            ;;
        --list) list_only=1; shift ;;
        --generate)
            [ "$#" -ge 2 ] && [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -gt 0 ] ||
                { echo "mutants.sh: --generate needs a count above 0" >&2; exit 2; }
            generate="$2"
            shift 2
            ;;
        --mutations)
            [ "$#" -ge 2 ] && [ -f "$2" ] || { echo "mutants.sh: --mutations needs a readable file" >&2; exit 2; }
            list_file="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
            shift 2
            ;;
        --seed)
            [ "$#" -ge 2 ] && [[ "$2" =~ ^[0-9]+$ ]] || { echo "mutants.sh: --seed needs a whole number" >&2; exit 2; }
            seed="$2"
            shift 2
            ;;
        -h | --help) usage; exit 0 ;;
        *) echo "mutants.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

if [ "$generate" -gt 0 ]; then
    list_file="$(mktemp "${TMPDIR:-/tmp}/adbridge-generated.XXXXXX")"
    if ! "$swift_bin" "$repo/Scripts/MutantGenerator.swift" "$generate" "$seed" "$repo" >"$list_file"; then
        echo "mutants.sh: the generator failed" >&2
        exit 2
    fi
    echo "mutants: generated $(grep -c '^id: ' "$list_file") mutants (seed $seed) into $list_file"
fi
[ -f "$list_file" ] || { echo "mutants.sh: $list_file not found" >&2; exit 2; }

# --- Parse Scripts/mutants.txt: blocks of `key: value` lines, separated by blank lines; `#` starts a comment line.
ids=()
files=()
finds=()
replaces=()
filters=()
breaks=()
parse_errors=0
block_id=""
block_file=""
block_find=""
block_replace=""
block_has_replace=0
block_filter=""
block_breaks=""
block_line=0

finish_block() {
    if [ -z "$block_id$block_file$block_find$block_filter$block_breaks" ] && [ "$block_has_replace" = 0 ]; then
        return
    fi
    local missing=""
    [ -n "$block_id" ] || missing+=" id"
    [ -n "$block_file" ] || missing+=" file"
    [ -n "$block_find" ] || missing+=" find"
    [ "$block_has_replace" = 1 ] || missing+=" replace"
    [ -n "$block_filter" ] || missing+=" filter"
    [ -n "$block_breaks" ] || missing+=" breaks"
    if [ -n "$missing" ]; then
        echo "mutants.txt:$block_line: the block '${block_id:-?}' lacks:$missing" >&2
        parse_errors=$((parse_errors + 1))
    else
        ids+=("$block_id")
        files+=("$block_file")
        finds+=("$block_find")
        replaces+=("$block_replace")
        filters+=("$block_filter")
        breaks+=("$block_breaks")
    fi
    block_id=""
    block_file=""
    block_find=""
    block_replace=""
    block_has_replace=0
    block_filter=""
    block_breaks=""
}

line_number=0
while IFS= read -r line || [ -n "$line" ]; do
    line_number=$((line_number + 1))
    case "$line" in
        "#"*) continue ;;
    esac
    if [ -z "${line//[[:space:]]/}" ]; then
        finish_block
        continue
    fi
    [ -n "$block_id$block_file$block_find$block_filter$block_breaks" ] || [ "$block_has_replace" = 1 ] ||
        block_line=$line_number
    key="${line%%:*}"
    value="${line#*:}"
    value="${value# }"
    case "$key" in
        id) block_id="$value" ;;
        file) block_file="$value" ;;
        find) block_find="$value" ;;
        replace) block_replace="$value"; block_has_replace=1 ;;
        filter) block_filter="$value" ;;
        breaks) block_breaks="$value" ;;
        *)
            echo "mutants.txt:$line_number: unknown key '$key' (id, file, find, replace, filter, breaks)" >&2
            parse_errors=$((parse_errors + 1))
            ;;
    esac
done <"$list_file"
finish_block
[ "$parse_errors" = 0 ] || exit 2

# Duplicate ids make --only ambiguous.
duplicates="$(printf '%s\n' "${ids[@]}" | sort | uniq -d)"
[ -z "$duplicates" ] || { echo "mutants.txt: duplicate ids: $duplicates" >&2; exit 2; }

selected=()
for index in "${!ids[@]}"; do
    if [ "${#only[@]}" = 0 ]; then
        selected+=("$index")
        continue
    fi
    for wanted in "${only[@]}"; do
        if [[ "${ids[$index]}" == *"$wanted"* ]]; then
            selected+=("$index")
            break
        fi
    done
done
[ "${#selected[@]}" -gt 0 ] || { echo "mutants.sh: no mutation matches ${only[*]}" >&2; exit 2; }

# How many times `find` occurs in `content` (0, 1 or 2 meaning "more than once").
occurrences() {
    local content="$1" find="$2" rest
    rest="${content#*"$find"}"
    [ "$rest" != "$content" ] || { echo 0; return; }
    local after="${rest#*"$find"}"
    [ "$after" != "$rest" ] || { echo 1; return; }
    echo 2
}

read_file() { IFS= read -r -d '' "$1" <"$2" || true; }

check_mutation() {  # prints an empty string when valid, else the reason
    local index="$1" root="$2" content count
    local path="$root/${files[$index]}"
    [ -f "$path" ] || { echo "file ${files[$index]} not found"; return; }
    read_file content "$path"
    count="$(occurrences "$content" "${finds[$index]}")"
    case "$count" in
        0) echo "its text does not occur in ${files[$index]}" ;;
        2) echo "its text occurs more than once in ${files[$index]}" ;;
        *) [ "${finds[$index]}" != "${replaces[$index]}" ] || echo "its replacement equals its text" ;;
    esac
}

if [ "$list_only" = 1 ]; then
    status=0
    for index in "${selected[@]}"; do
        reason="$(check_mutation "$index" "$repo")"
        if [ -n "$reason" ]; then
            printf 'invalid   %s: %s\n' "${ids[$index]}" "$reason"
            status=1
        else
            printf 'ok        %-44s %s\n' "${ids[$index]}" "${breaks[$index]}"
        fi
    done
    echo "mutations: ${#selected[@]}"
    exit "$status"
fi

# --- The scratch copy.
if [ -z "$scratch" ]; then
    scratch="$(mktemp -d "${TMPDIR:-/tmp}/adbridge-mutants.XXXXXX")"
fi
mkdir -p "$scratch/src" "$scratch/build"
scratch="$(cd "$scratch" && pwd)"
cleanup() {
    # Never leave a mutation applied in a kept scratch copy.
    if [ -n "${applied_path:-}" ] && [ -n "${applied_original+x}" ]; then
        printf '%s' "$applied_original" >"$applied_path"
    fi
    [ "$keep_scratch" = 1 ] || rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

src="$scratch/src"
# Sync the working tree (without .build and .git) into the copy: only files whose content differs are copied, so
# a kept scratch build stays incremental; files gone from the repository are removed from the copy.
(cd "$repo" && find . \( -path ./.build -o -path ./.git \) -prune -o -type f -print) | while IFS= read -r path; do
    if ! cmp -s "$repo/$path" "$src/$path"; then
        mkdir -p "$(dirname "$src/$path")"
        cp -p "$repo/$path" "$src/$path"
    fi
done
(cd "$src" && find . -type f -print) | while IFS= read -r path; do
    [ -e "$repo/$path" ] || rm -f "$src/$path"
done
if [ -z "${ADBRIDGE_IAB_SAMPLES:-}" ] && [ -d "$repo/../shared/corpus/iab-vast-samples" ]; then
    ADBRIDGE_IAB_SAMPLES="$(cd "$repo/../shared/corpus/iab-vast-samples" && pwd)"
    export ADBRIDGE_IAB_SAMPLES
fi

build() { (cd "$src" && "$swift_bin" build --build-tests --scratch-path "$scratch/build") >"$scratch/build.log" 2>&1; }
run_tests() {
    (cd "$src" && timeout "$timeout_seconds" "$swift_bin" test --skip-build --scratch-path "$scratch/build" \
        --filter "$1") >"$scratch/test.log" 2>&1
}
run_all_tests() {
    (cd "$src" && timeout "$timeout_seconds" "$swift_bin" test --skip-build --scratch-path "$scratch/build") \
        >"$scratch/test.log" 2>&1
}
# Per module (generated ids are gen-<Module>-<n>-<kind>): mutants run and killed; survivors, in order.
declare -A module_total=() module_killed=()
survivors=()

echo "mutants: scratch copy $scratch"
invalid_reasons=()
valid=()
for index in "${selected[@]}"; do
    reason="$(check_mutation "$index" "$src")"
    if [ -n "$reason" ]; then
        invalid_reasons[$index]="$reason"
    else
        valid+=("$index")
    fi
done

echo "mutants: building once (swift build --build-tests)"
if ! build; then
    tail -n 30 "$scratch/build.log" >&2
    echo "mutants: the unmutated copy does not build" >&2
    exit 2
fi
if [ "${#valid[@]}" -gt 0 ]; then
    union=""
    for index in "${valid[@]}"; do union+="${union:+|}${filters[$index]}"; done
    echo "mutants: baseline: the selected filters pass unmutated"
    if ! run_tests "$union"; then
        grep -E '✘|error:' "$scratch/test.log" | head -n 20 >&2
        echo "mutants: the selected tests fail without any mutation; fix them first" >&2
        exit 2
    fi
fi

killed=0
total=0
for index in "${selected[@]}"; do
    total=$((total + 1))
    id="${ids[$index]}"
    if [ -n "${invalid_reasons[$index]:-}" ]; then
        printf 'invalid   %s: %s\n' "$id" "${invalid_reasons[$index]}"
        continue
    fi
    applied_path="$src/${files[$index]}"
    read_file applied_original "$applied_path"
    printf '%s' "${applied_original/"${finds[$index]}"/"${replaces[$index]}"}" >"$applied_path"
    started=$SECONDS
    if ! build; then
        result="invalid"
        detail="the mutated code does not compile"
    elif run_tests "${filters[$index]}" && { [[ "$id" != gen-* ]] || run_all_tests; }; then
        result="survived"
        detail="${breaks[$index]} (filter ${filters[$index]}$([[ "$id" != gen-* ]] || echo ', then the whole suite'))"
        survivors+=("$id ${breaks[$index]}: '${finds[$index]#"${finds[$index]%%[![:space:]]*}"}' -> '${replaces[$index]#"${replaces[$index]%%[![:space:]]*}"}'")
    else
        result="killed"
        detail="${breaks[$index]}"
        killed=$((killed + 1))
    fi
    printf '%s' "$applied_original" >"$applied_path"
    unset applied_original
    applied_path=""
    printf '%-9s %s: %s [%ss]\n' "$result" "$id" "$detail" "$((SECONDS - started))"
    if [ "$result" != invalid ]; then
        module="listed"
        if [[ "$id" == gen-* ]]; then
            module="${id#gen-}"
            module="${module%%-*}"
        fi
        module_total[$module]=$(( ${module_total[$module]:-0} + 1 ))
        [ "$result" != killed ] || module_killed[$module]=$(( ${module_killed[$module]:-0} + 1 ))
    fi
done

if [ "${#module_total[@]}" -gt 1 ] || [ -z "${module_total[listed]:-}" ]; then
    echo "mutants: score per module (invalid mutants, which do not compile, are not counted)"
    for module in $(printf '%s\n' "${!module_total[@]}" | sort); do
        k=${module_killed[$module]:-0}
        n=${module_total[$module]}
        printf '  %-16s killed %3d of %3d  (%d %%)\n' "$module" "$k" "$n" $(( 100 * k / n ))
    done
    if [ "${#survivors[@]}" -gt 0 ]; then
        echo "mutants: survivors"
        printf '  %s\n' "${survivors[@]}"
    fi
fi

# Leave the copy built unmutated, so the next run with --scratch starts incremental.
build || true
echo "mutants: killed $killed of $total"
[ "$killed" = "$total" ]
