#!/usr/bin/env bash
# The API reference (issue 36): one DocC site per public module, built with the toolchain's own `docc` from the
# modules' symbol graphs (no package plugin: the machines cannot fetch one), warnings as errors.
#
#   Scripts/build-docs.sh            every library product of Package.swift, into .build/docs
#   Scripts/build-docs.sh AdCore ... those modules only
#
# Output: .build/docs/<Module>/ (a static site, `documentation/<module>/index.html`) and .build/docs/index.html
# linking every module. Serve it with any static file server, e.g. `python3 -m http.server -d .build/docs`.
#
# Sources: each module's catalog (`Documentation.docc` in its target folder: the landing page and its topics), and
# the articles below, which are staged from the Markdown documents that own them (Docs/ and the README), so the
# prose lives in one place and the reference cannot drift from it. A document is staged with its first heading
# replaced by the article's title; its links and code stay as written.
#
# Exit status: 0 when every module converts without a warning; 1 with the warnings (file:line: warning: ...)
# otherwise; 66 when a named module has no catalog.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every library product's module and its catalog folder (<target path>/Documentation.docc), from Package.swift: a new
# public module without a catalog fails here instead of being left out.
declare -A catalogs=()
while IFS=$'\t' read -r module folder; do catalogs[$module]="$folder/Documentation.docc"; done < <(
    swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
paths = {t["name"]: t.get("path") or "Sources/" + t["name"] for t in package["targets"]}
for product in package["products"]:
    if "library" in product["type"]:
        for target in product["targets"]:
            print(target + "\t" + paths[target])
' | sort -u)
# module -> "Article=Document" pairs staged into its catalog (the article's file name is its link: <doc:Article>)
declare -A articles=(
    [AdCore]="GettingStarted=README.md Integrating=Docs/Integration.md ImplementingAProvider=Docs/ImplementingAProvider.md"
    [AdConformance]="RunningTheKit=Docs/Conformance.md"
    [AdSimulator]="Simulating=Docs/Simulation.md"
    [AdMediation]="ConfiguringMediation=Docs/Mediation.md"
)
declare -A titles=(
    [GettingStarted]="Getting started"
    [Integrating]="Integrating AdBridge in a host app"
    [ImplementingAProvider]="Implementing a provider"
    [RunningTheKit]="Running the conformance kit"
    [Simulating]="Simulating mediation"
    [ConfiguringMediation]="Configuring mediation"
)

modules=("$@")
if [ "${#modules[@]}" -eq 0 ]; then
    mapfile -t modules < <(printf '%s\n' "${!catalogs[@]}" | sort)
fi
for module in "${modules[@]}"; do
    if [ -z "${catalogs[$module]:-}" ] || [ ! -d "${catalogs[$module]}" ]; then
        echo "build-docs: no catalog for module '$module' (expected ${catalogs[$module]:-<target>/Documentation.docc})" >&2
        exit 66
    fi
done

echo "build-docs: swift package dump-symbol-graph (public symbols)"
dump_log="$(swift package dump-symbol-graph --minimum-access-level public 2>&1)" || {
    echo "$dump_log" >&2
    exit 1
}
graphs="$(printf '%s\n' "$dump_log" | sed -n 's/^Files written to //p' | tail -1)"
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
    echo "build-docs: could not find the symbol graphs swift package dump-symbol-graph wrote" >&2
    printf '%s\n' "$dump_log" >&2
    exit 1
fi

stage=.build/docs-stage
out=.build/docs
rm -rf "$stage" "$out"
mkdir -p "$stage" "$out"
failed=()
for module in "${modules[@]}"; do
    catalog="$stage/$module.docc"
    symbols="$stage/$module.symbols"
    mkdir -p "$symbols"
    cp -R "${catalogs[$module]}" "$catalog"
    # The module's own graph and its extensions of other modules' types (Module@Other.symbols.json).
    cp "$graphs/$module.symbols.json" "$symbols/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$symbols/" \;
    for pair in ${articles[$module]:-}; do
        name="${pair%%=*}"
        document="${pair#*=}"
        { echo "# ${titles[$name]}"; echo; sed '1{/^# /d}' "$document"; } > "$catalog/$name.md"
    done
    log="$stage/$module.log"
    if docc convert "$catalog" --additional-symbol-graph-dir "$symbols" --output-path "$out/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.adbridge.$module" \
        --transform-for-static-hosting --hosting-base-path "$module" --warnings-as-errors --ide-console-output \
        > "$log" 2>&1; then
        echo "build-docs: $module: ok"
    else
        # Point the staged files back at their sources.
        sed -e "s|$PWD/||g" -e "s|$stage/$module.docc/|${catalogs[$module]}/|g" "$log" \
            | grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error):' >&2 || cat "$log" >&2
        failed+=("$module")
    fi
done

{
    echo '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>AdBridge API reference</title></head>'
    echo '<body><h1>AdBridge API reference</h1><ul>'
    for module in "${modules[@]}"; do
        lower="$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')"
        echo "<li><a href=\"$module/documentation/$lower/index.html\">$module</a></li>"
    done
    echo '</ul></body></html>'
} > "$out/index.html"

if [ "${#failed[@]}" -gt 0 ]; then
    echo "build-docs: ${#failed[@]} module(s) with warnings or errors: ${failed[*]}" >&2
    exit 1
fi
echo "build-docs: ${#modules[@]} modules documented in $out (open $out/index.html through a static server)"
