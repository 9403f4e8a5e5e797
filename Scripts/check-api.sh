#!/bin/bash
# The public API changes only on purpose (issue 33): compares each library product's public API with its recorded
# baseline in API/<Module>.json.gz, using the toolchain's swift-api-digester, and fails on a break (a declaration
# removed, renamed or retyped, a conformance dropped) that is not recorded. Additions are not breaks.
#
#   Scripts/check-api.sh            check (after `swift build`; reads .build/debug/Modules)
#   Scripts/check-api.sh --record   record the current API as the new baseline; commit API/ with the change
#
# A break on purpose: run --record and commit API/ in the same commit, saying why in the message.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(AdCore AdCreative AdVAST AdEmbedded AdRuntime AdMediation AdTestKit AdConformance AdSimulator
    BuiltInProviders YandexProvider GoogleProvider IFLYProvider ExampleProvider)
build=".build/debug/Modules"
record=false
case "${1:-}" in
    "") ;;
    --record) record=true ;;
    -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "check-api: unknown argument '$1' (use --record or nothing)" >&2; exit 64 ;;
esac
if [ ! -d "$build" ]; then
    echo "check-api: $build does not exist; run 'swift build' first" >&2
    exit 66
fi
digester=$(command -v swift-api-digester || true)
if [ -z "$digester" ]; then
    digester="$(dirname "$(command -v swift)")/swift-api-digester"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
include=(-I "$build" -I Sources/CLibXML2 -I Sources/CSQLite3)
for flag in $(pkg-config --cflags-only-I libxml-2.0 sqlite3 2>/dev/null); do include+=(-Xcc "$flag"); done
broken=0
for module in "${modules[@]}"; do
    if ! "$digester" -dump-sdk -module "$module" "${include[@]}" -avoid-location -avoid-tool-args \
        -o "$work/$module.json" 2> "$work/$module.dump.stderr" || grep -q "Failed to load module" "$work/$module.dump.stderr"
    then
        echo "check-api: could not read $module's public API from $build:" >&2
        sed 's/^/  /' "$work/$module.dump.stderr" >&2
        exit 1
    fi
    if $record; then
        # Minified, then compressed: the digester reads any JSON layout, and the baseline stays small.
        python3 -c 'import json, sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w"),
            separators=(",", ":"), sort_keys=True)' "$work/$module.json" "$work/$module.min.json"
        gzip -9 -n -c "$work/$module.min.json" > "API/$module.json.gz"
        echo "check-api: recorded API/$module.json.gz"
        continue
    fi
    if [ ! -f "API/$module.json.gz" ]; then
        echo "check-api: $module has no baseline (API/$module.json.gz); run Scripts/check-api.sh --record" >&2
        broken=1
        continue
    fi
    gunzip -c "API/$module.json.gz" > "$work/$module.baseline.json"
    "$digester" -diagnose-sdk -module "$module" "${include[@]}" -baseline-path "$work/$module.baseline.json" \
        -o "$work/$module.diagnosis" 2> "$work/$module.stderr" || true
    findings=$(grep -v '^/\*.*\*/$' "$work/$module.diagnosis" | grep -v '^[[:space:]]*$' || true)
    if [ -n "$findings" ]; then
        echo "check-api: $module's public API broke against API/$module.json.gz:"
        echo "$findings" | sed 's/^/  /'
        broken=1
    fi
done
if $record; then exit 0; fi
if [ "$broken" -ne 0 ]; then
    echo "check-api: unrecorded API break. If it is on purpose, run Scripts/check-api.sh --record and commit API/" \
        "with the change; otherwise restore the declarations above." >&2
    exit 1
fi
echo "check-api: ${#modules[@]} modules, no unrecorded break"
