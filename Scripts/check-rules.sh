#!/usr/bin/env bash
# Every rule ID the tests and the conformance kit cite is defined in Docs/Rules.md, and no file points outside the
# repository for its rules (Docs/Rules.md, the introduction).
#
#   Scripts/check-rules.sh
#
# The catalogue of rule IDs is Docs/Rules.md: a rule is defined by a table row that starts `| X12 |`. This check
# fails, printing file:line: text for each problem, when
#   (a) a text file of the repository (anything outside .build, .build-*, .swiftpm and .git) still names the rule
#       list that used to live outside the repository (its file name or its folder, spelled out in `outside`
#       below); the project states its rules in its own words, in Docs/Rules.md;
#   (b) a display name in Tests/ starts with a rule ID that Docs/Rules.md does not define: `@Test("X12: ...")`,
#       `@Suite("X12: ...")`, also with the string on the line after `@Test(`/`@Suite(`, and with several IDs
#       (`"G4, G8, G11: ..."`, `"Y9/Y22: ..."`, a range `"I8-I15: ..."`, every ID of which must be defined);
#       build folders (the .build of a package under Tests/Packages) are left out;
#   (c) Sources/AdConformance/ConformanceCheck.swift names a check ID, or a rule ID in a `rules: [...]` array, that
#       Docs/Rules.md does not define;
# and when Docs/Rules.md defines one ID twice. Exits 1 on any problem, 0 otherwise with one summary line. No build;
# CI runs it (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

rules=Docs/Rules.md
checks=Sources/AdConformance/ConformanceCheck.swift
for file in "$rules" "$checks"; do
    if [ ! -f "$file" ]; then
        echo "check-rules: $file does not exist" >&2
        exit 1
    fi
done

# What must not be named anywhere, written in pieces so that this script does not name it itself.
outside="provider""-rules\\.md|shared""/docs"

problems=0
report() {
    echo "$1"
    problems=$((problems + 1))
}

# (a) References to the rule list outside the repository.
while IFS= read -r hit; do
    report "${hit#./}"
done < <(grep -rInE --exclude-dir='.build*' --exclude-dir=.swiftpm --exclude-dir=.git "$outside" . || true)

# The IDs Docs/Rules.md defines, one per line (`| X12 |` at the start of a table row); each defined once.
defined="$( (grep -oE '^\| [A-Z][0-9]+ \|' "$rules" || true) | sed -E 's/^\| ([A-Z][0-9]+) \|$/\1/' | sort)"
while IFS= read -r twice; do
    [ -n "$twice" ] || continue
    report "$rules:$(grep -nE "^\| $twice \|" "$rules" | cut -d: -f1 | paste -sd, -): $twice is defined twice"
done < <(printf '%s\n' "$defined" | uniq -d)
defined_count="$(printf '%s\n' "$defined" | grep -c . || true)"

declare -A is_rule=()
while IFS= read -r id; do
    if [ -n "$id" ]; then is_rule["$id"]=1; fi
done <<< "$defined"
is_defined() {
    [ -n "${is_rule[$1]+set}" ]
}

# Expands a citation such as `G4, G8, G11`, `Y9/Y22` or `I8-I15` into its IDs, one per line.
expand_ids() {
    local part first last letter n
    for part in $(printf '%s' "$1" | tr ',/' '  '); do
        if [[ "$part" =~ ^([A-Z])([0-9]+)-([A-Z])([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[3]}" ]; then
            letter="${BASH_REMATCH[1]}"
            first="${BASH_REMATCH[2]}"
            last="${BASH_REMATCH[4]}"
            for ((n = 10#$first; n <= 10#$last; n++)); do echo "$letter$n"; done
        elif [[ "$part" =~ ^[A-Z][0-9]+-[A-Z][0-9]+$ ]]; then
            echo "${part%%-*}"
            echo "${part##*-}"
        else
            echo "$part"
        fi
    done
}

# (b) Rule IDs at the start of display names in Tests/. The awk prints file:line:citation for every `@Test(` or
# `@Suite(` whose display name (on the same line or the next) starts with IDs and a colon.
cited_file="$(mktemp)"
trap 'rm -f "$cited_file"' EXIT
id_list='[A-Z][0-9]+(( ?[-/,] ?| )[A-Z][0-9]+)*'
while IFS= read -r entry; do
    location="${entry%:*}"
    citation="${entry##*:}"
    while IFS= read -r id; do
        echo "$id" >> "$cited_file"
        if ! is_defined "$id"; then
            report "$location: $id (in \"$citation:\") is not defined in $rules"
        fi
    done < <(expand_ids "$citation")
done < <(find Tests -name '*.swift' -not -path '*/.build/*' -print0 | sort -z | xargs -0 awk -v ids="$id_list" '
    FNR == 1 { pending = 0 }
    function cite(text, line) {
        if (match(text, "^[[:space:]]*\"" ids ":")) {
            citation = substr(text, RSTART, RLENGTH - 1)
            sub(/^[[:space:]]*"/, "", citation)
            print FILENAME ":" line ":" citation
        }
    }
    pending { cite($0, FNR); pending = 0; next }
    /@(Test|Suite)\($/ { pending = 1; next }
    /@(Test|Suite)\("/ { text = $0; sub(/.*@(Test|Suite)\(/, "", text); cite(text, FNR) }
')
cited_count="$(sort -u "$cited_file" | grep -c . || true)"

# (c) Check IDs and rule IDs named in the conformance kit's checks (`"K8", rules: ["C3", "C4", "G7"]`), also when an
# array spans lines.
while IFS= read -r entry; do
    line="${entry%%:*}"
    id="${entry#*:}"
    if ! is_defined "$id"; then
        report "$checks:$line: $id is not defined in $rules"
    fi
done < <(awk '
    function ids(text, line) {
        while (match(text, /"[A-Z][0-9]+"/)) {
            print line ":" substr(text, RSTART + 1, RLENGTH - 2)
            text = substr(text, RSTART + RLENGTH)
        }
    }
    inarray {
        text = $0
        if (index(text, "]")) { text = substr(text, 1, index(text, "]")); inarray = 0 }
        ids(text, FNR)
        next
    }
    /"K[0-9]+", *rules:/ || /^[[:space:]]*"K[0-9]+",[[:space:]]*$/ {
        head = $0
        if (match(head, /"K[0-9]+"/)) print FNR ":" substr(head, RSTART + 1, RLENGTH - 2)
    }
    /rules: *\[/ {
        text = substr($0, index($0, "rules:"))
        if (index(text, "]")) { ids(substr(text, 1, index(text, "]")), FNR) }
        else { inarray = 1; ids(text, FNR) }
    }
' "$checks")

if [ "$problems" -gt 0 ]; then
    echo "check-rules: $problems problem(s) above. Define every rule ID a test or a conformance check cites as a row" \
        "'| ID | rule | where it is enforced |' of $rules, in the project's own words, and point to $rules" \
        "rather than outside the repository." >&2
    exit 1
fi
echo "rules: $defined_count IDs defined, $cited_count cited by tests, all defined"
