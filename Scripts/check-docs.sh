#!/usr/bin/env bash
# Every Swift block of the documentation compiles (issue 34): a vendor copies them, so none may rot.
#
#   Scripts/check-docs.sh               the documents listed in `documents` below
#   Scripts/check-docs.sh FILE.md ...   those Markdown files instead
#
# Each ```swift block of a document is compiled as it is written, in a Swift package generated under
# .build/doc-snippets (one test target per block, so blocks may declare the same names; Swift 6 language mode,
# warnings as errors). That package depends on this repository by its local path, so nothing is fetched, and on
# every library product of this package (its targets may `import Testing` or `import XCTest`). A block that uses `Bundle.module` gets
# an empty `Fixtures` resource folder, so it compiles as in a test target with fixtures.
#
# A block is a whole Swift file unless the line right before its fence is one of these HTML comments (invisible
# on a rendered page):
#   <!-- check-docs: manifest -->       the block is a Package.swift: it is evaluated with `swift package
#                                       dump-package` in an empty folder (nothing fetched), and every
#                                       `.product(name: "X", package: "AdBridge")` it names must be a library
#                                       product of this repository's Package.swift.
#   <!-- check-docs: wrapper NAME -->   the block is a fragment (a statement, a method's body): it is compiled in
#                                       place of the line `// snippet` of Scripts/doc-snippets/NAME.swift, which
#                                       says what the fragment may use. `import` lines that open the block move to
#                                       the top of the file (a block may show the imports a reader needs).
#   <!-- check-docs: host-app -->       the block is part of the host app of Docs/Integration.md's whole flow: the
#                                       blocks so marked are written, in order, to
#                                       Tests/Packages/HostIntegration/Sources/HostApp/AppAds.swift, which that
#                                       package's test drives (CI runs it after this script: .ci/run).
#
# Errors point at the Markdown: each block is compiled under `#sourceLocation(file: "<document>", line: <its first
# line>)`, so the compiler reports `Docs/X.md:LINE:COLUMN: error: ...`; the script then names every block that failed
# and exits 1. It exits 0 with one summary line when every block compiles. CI runs it after `swift test` (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

# The documents whose Swift blocks are compiled: the README, every document under Docs/, and the API reference's
# landing pages (each library's Documentation.docc).
documents=(README.md Docs/*.md Sources/*/Documentation.docc/*.md Providers/*/Documentation.docc/*.md
    Examples/*/Documentation.docc/*.md)
if [ "$#" -gt 0 ]; then documents=("$@"); fi
for document in "${documents[@]}"; do
    if [ ! -f "$document" ]; then
        echo "check-docs: $document does not exist" >&2
        exit 66
    fi
done

package=.build/doc-snippets
manifests=.build/doc-manifests
mkdir -p "$package" "$manifests"

# Extracts the blocks and writes the generated package (a file is rewritten only when its text changes, so a second
# run rebuilds nothing that did not change). Prints one line per manifest block: <folder> TAB <document>:<line>.
manifest_list="$(python3 - "$package" "$manifests" "${documents[@]}" <<'PYTHON'
import os, re, shutil, sys

package, manifests, documents = sys.argv[1], sys.argv[2], sys.argv[3:]
products = re.findall(r'\.library\(name: "([A-Za-z0-9]+)"', open("Package.swift", encoding="utf-8").read())
marker = re.compile(r"^\s*<!--\s*check-docs:\s*(manifest|host-app|wrapper\s+([A-Za-z0-9_-]+))\s*-->\s*$")
host_app_path = "Tests/Packages/HostIntegration/Sources/HostApp/AppAds.swift"
host_app = []      # the host-app blocks, each under its #sourceLocation
problems = []

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        with open(path) as existing:
            if existing.read() == text:
                return
    with open(path, "w") as out:
        out.write(text)

targets = []       # (name, document, line, uses resources)
manifest_blocks = []
for document in documents:
    lines = open(document, encoding="utf-8").read().split("\n")
    stem = re.sub(r"[^A-Za-z0-9]", "", os.path.splitext(os.path.basename(document))[0])
    index, number = 0, 0
    while index < len(lines):
        if lines[index].strip() != "```swift":
            index += 1
            continue
        fence = index + 1                      # 1-based line of the fence
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if end == len(lines):
            problems.append(f"{document}:{fence}: the swift block is never closed")
            break
        body = lines[index + 1:end]
        first = fence + 1                      # 1-based line of the block's first line
        found = marker.match(lines[index - 1]) if index > 0 else None
        number += 1
        location = f"{document}:{fence}"
        if found and found.group(1) == "host-app":
            host_app.append(f'#sourceLocation(file: "{document}", line: {first})\n' + "\n".join(body)
                            + "\n#sourceLocation()\n")
        elif found and found.group(1) == "manifest":
            folder = os.path.join(manifests, f"{stem}{number}")
            write(os.path.join(folder, "Package.swift"), "\n".join(body) + "\n")
            manifest_blocks.append(f"{folder}\t{location}")
        else:
            source = "\n".join(body)
            text = f'#sourceLocation(file: "{document}", line: {first})\n{source}\n#sourceLocation()\n'
            if found:
                # The block's opening imports go to the top of the file; blank lines keep the others' numbers.
                imports = []
                for position, line in enumerate(body):
                    if re.match(r"^\s*(@testable\s+)?import\s", line):
                        imports.append(line.split("//")[0].rstrip())
                        body[position] = ""
                    elif line.strip() and not line.strip().startswith("//"):
                        break
                text = f'#sourceLocation(file: "{document}", line: {first})\n' + "\n".join(body) + "\n#sourceLocation()\n"
                name = found.group(2)
                wrapper_path = os.path.join("Scripts", "doc-snippets", f"{name}.swift")
                if not os.path.exists(wrapper_path):
                    problems.append(f"{location}: the wrapper {wrapper_path} does not exist")
                    index = end + 1
                    continue
                wrapper = open(wrapper_path, encoding="utf-8").read()
                if wrapper.count("// snippet\n") != 1:
                    problems.append(f"{wrapper_path}: needs exactly one line `// snippet`")
                    index = end + 1
                    continue
                before, after = wrapper.split("// snippet\n")
                wrapper_lines = before.count("\n")
                text = (f'#sourceLocation(file: "{wrapper_path}", line: 1)\n{before}{text}'
                        f'#sourceLocation(file: "{wrapper_path}", line: {wrapper_lines + 2})\n{after}')
                if imports:
                    text = "\n".join(imports) + "\n" + text
            target = f"Doc{stem}{number}Tests"
            folder = os.path.join(package, "Tests", target)
            write(os.path.join(folder, "Snippet.swift"), text)
            resources = "Bundle.module" in source
            if resources:
                write(os.path.join(folder, "Fixtures", "placeholder.xml"), "<VAST version=\"4.2\"/>\n")
            elif os.path.isdir(os.path.join(folder, "Fixtures")):
                shutil.rmtree(os.path.join(folder, "Fixtures"))
            targets.append((target, location, resources))
        index = end + 1

# Drop the folders of blocks that no longer exist.
tests = os.path.join(package, "Tests")
os.makedirs(tests, exist_ok=True)
for stale in set(os.listdir(tests)) - {t[0] for t in targets}:
    shutil.rmtree(os.path.join(tests, stale))
for stale in set(os.listdir(manifests)) - {os.path.basename(m.split("\t")[0]) for m in manifest_blocks}:
    shutil.rmtree(os.path.join(manifests, stale))

dependencies = ", ".join(f'.product(name: "{p}", package: "AdBridge")' for p in products)
entries = []
for target, location, resources in targets:
    extra = ', resources: [.copy("Fixtures")]' if resources else ""
    entries.append(f'        // {location}\n        .testTarget(name: "{target}", dependencies: [{dependencies}]{extra}),')
manifest = f"""// swift-tools-version: 6.1
// Generated by Scripts/check-docs.sh from the Swift blocks of the documentation: do not edit.
import PackageDescription

let package = Package(
    name: "DocSnippets",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "AdBridge", path: "../..")],
    targets: [
{chr(10).join(entries)}
    ],
    swiftLanguageModes: [.v6]
)
"""
write(os.path.join(package, "Package.swift"), manifest)
if host_app:
    write(host_app_path, "// swift-format-ignore-file\n"
          "// Generated by Scripts/check-docs.sh from the host-app blocks of the documentation: do not edit.\n"
          + "\n".join(host_app))
for problem in problems:
    print(problem, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"#targets {len(targets)}")
for block in manifest_blocks:
    print(block)
PYTHON
)" || { echo "check-docs: could not extract the blocks (above)" >&2; exit 1; }

failed=0
snippet_count="$(printf '%s\n' "$manifest_list" | sed -n 's/^#targets //p')"

# Manifests: evaluated, and every AdBridge product they name exists.
library_products="$(grep -oE '\.library\(name: "[A-Za-z0-9]+"' Package.swift | sed -E 's/.*"([A-Za-z0-9]+)"/\1/')"
manifest_count=0
while IFS=$'\t' read -r folder location; do
    [ -n "$folder" ] || continue
    case "$folder" in "#targets"*) continue ;; esac
    manifest_count=$((manifest_count + 1))
    if ! swift package --package-path "$folder" dump-package > "$folder/dump.json" 2> "$folder/dump.stderr"; then
        echo "check-docs: $location: the Package.swift block does not evaluate:"
        sed 's/^/  /' "$folder/dump.stderr"
        failed=1
        continue
    fi
    for product in $(python3 -c '
import json, sys
dump = json.load(open(sys.argv[1]))
for target in dump["targets"]:
    for dependency in target.get("dependencies", []):
        product = dependency.get("product")
        if product and product[1] == "AdBridge":
            print(product[0])
' "$folder/dump.json" | sort -u); do
        if ! grep -qx "$product" <<< "$library_products"; then
            echo "check-docs: $location: the Package.swift block names the product $product, which AdBridge does" \
                "not have (its library products: $(echo $library_products | tr ' ' ','))"
            failed=1
        fi
    done
done <<< "$manifest_list"

# Swift blocks: one build of the generated package, warnings as errors.
if [ "${snippet_count:-0}" -gt 0 ]; then
    log="$package/build.log"
    if ! swift build --package-path "$package" --build-tests -Xswiftc -warnings-as-errors > "$log" 2>&1; then
        # file:line:column: error: ... (the fancy excerpts the compiler adds are left out).
        errors="$(grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning): ' "$log" | sort -u || true)"
        if [ -n "$errors" ]; then
            echo "$errors"
        else
            tail -n 40 "$log"
        fi
        echo "check-docs: these blocks do not compile:" >&2
        (grep -oE '^[^ ]+\.md:[0-9]+' <<< "$errors" || true) | while IFS=: read -r file line; do
            # The fence of the block that holds the failing line.
            fence=$(awk -v wanted="$line" 'NR < wanted && /^```swift[[:space:]]*$/ { last = NR } END { print last }' \
                "$file")
            echo "  $file:$fence"
        done | sort -u >&2
        failed=1
    fi
fi

if [ "$failed" -ne 0 ]; then
    echo "check-docs: fix the blocks above (or mark a fragment as Scripts/check-docs.sh says); the build log is" \
        "$package/build.log" >&2
    exit 1
fi
echo "check-docs: ${snippet_count:-0} Swift blocks and $manifest_count Package.swift blocks of ${#documents[@]}" \
    "documents compile"
