#!/usr/bin/env bash
# Render an `adsim simulate --html` page in headless Chromium and check that every chart drew.
#
#   Scripts/check-html.sh <page.html>
#
# The page itself has no script. This checker copies it into a temporary folder, appends a small probe script to
# the copy, loads the copy in headless Chromium (Debian's `chromium`; set CHROMIUM to use another binary) and
# dumps the DOM after layout: the probe measures, for every `svg[data-chart]`, the chart's rendered size and its
# marks (elements of class `mark` or `point`) with a non-empty bounding box. A chart drew when it has a size and
# at least one drawn mark. Exits 0 when every chart of the page drew, 1 naming each chart that did not, 2 on a
# usage or setup problem (no page, no Chromium). CI need not run it.
set -euo pipefail

if [ "$#" -ne 1 ]; then
    echo "usage: Scripts/check-html.sh <page.html>" >&2
    exit 2
fi
page="$1"
if [ ! -f "$page" ]; then
    echo "check-html: $page is not a file" >&2
    exit 2
fi
browser="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
if [ -z "$browser" ]; then
    echo "check-html: chromium not found (Debian: apt-get install chromium; or set CHROMIUM)" >&2
    exit 2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat > "$work/probe.html" <<'PROBE'
<script>
for (const svg of document.querySelectorAll("svg[data-chart]")) {
    const size = svg.getBoundingClientRect();
    const marks = svg.querySelectorAll(".mark, .point");
    let drawn = 0;
    for (const mark of marks) {
        const box = mark.getBoundingClientRect();
        if (box.width > 0 || box.height > 0) drawn += 1;
    }
    const line = document.createElement("pre");
    line.textContent = "CHECK-CHART " + svg.getAttribute("data-chart") + " marks=" + marks.length + " drawn=" + drawn
        + " size=" + Math.round(size.width) + "x" + Math.round(size.height);
    document.body.appendChild(line);
}
</script>
PROBE
# The probe goes just before </body>, so it runs after the whole page is parsed.
awk -v probe="$work/probe.html" '/<\/body>/ { while ((getline line < probe) > 0) print line } { print }' "$page" \
    > "$work/page.html"

"$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars --window-size=1024,3000 \
    --virtual-time-budget=5000 --dump-dom "file://$work/page.html" > "$work/dom.html" 2> "$work/chromium.log" || {
    echo "check-html: chromium failed:" >&2
    tail -n 20 "$work/chromium.log" >&2
    exit 2
}
"$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars --window-size=1024,3000 \
    --screenshot="$work/page.png" "file://$work/page.html" > /dev/null 2>&1 || true

charts="$(grep -o 'data-chart="[^"]*"' "$page" | sed 's/data-chart="\(.*\)"/\1/' || true)"
if [ -z "$charts" ]; then
    echo "check-html: $page has no svg[data-chart]" >&2
    exit 1
fi
status=0
for chart in $charts; do
    result="$(grep -o "CHECK-CHART $chart marks=[0-9]* drawn=[0-9]* size=[0-9]*x[0-9]*" "$work/dom.html" | head -n 1 || true)"
    if [ -z "$result" ]; then
        echo "check-html: chart '$chart' was not measured (did the page load?)" >&2
        status=1
        continue
    fi
    drawn="$(echo "$result" | sed 's/.* drawn=\([0-9]*\).*/\1/')"
    size="$(echo "$result" | sed 's/.* size=\([0-9]*x[0-9]*\).*/\1/')"
    if [ "$drawn" -eq 0 ] || [ "${size%x*}" -eq 0 ] || [ "${size#*x}" -eq 0 ]; then
        echo "check-html: chart '$chart' did not draw (${result#CHECK-CHART })" >&2
        status=1
    else
        echo "ok: ${result#CHECK-CHART }"
    fi
done
if [ -s "$work/page.png" ]; then
    echo "screenshot: $(wc -c < "$work/page.png") bytes"
fi
exit "$status"
