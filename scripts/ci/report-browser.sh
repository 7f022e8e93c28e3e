#!/bin/sh
# report-browser.sh: checks `tabulate report` in a real headless browser.
#
# Installs Debian's chromium if missing (CI runs as root), builds tabulate,
# makes a small run (configs/testdata/report-run.yaml) and a small census
# (configs/testdata/report-census.yaml), writes the report of each, and has
# chromium load each page from file:// with no network: the rendered DOM and
# the browser's console log, a desktop (1280x900) and a phone (390x844)
# screenshot. scripts/ci/report-browser/check.go then fails on any console
# message, any link that does not resolve to an id of the page or a file of
# the folder, any period finding of the manifest without its statement in
# the page, a script that did not run, or a blank screenshot; and it loads
# the census page once more sorted by period and filtered by proven:true
# through its address, and checks the order and the rows shown in the DOM.
#
# Usage: scripts/ci/report-browser.sh [KEEP_DIR]
# With KEEP_DIR the folders, pages, DOMs, logs and screenshots are left
# there; otherwise in a temporary folder removed at the end.
set -eu
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null 2>&1; then
	echo "report-browser: installing chromium" >&2
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if [ $# -ge 1 ]; then
	work=$1
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi
work=$(cd "$work" && pwd)

# TABULATE_BIN: a tabulate binary already built from this tree (.ci/run
# builds one for all its steps); otherwise it is built here.
if [ -n "${TABULATE_BIN:-}" ]; then
	cp "$TABULATE_BIN" "$work/tabulate"
else
	go build -o "$work/tabulate" ./cmd/tabulate
fi
rm -rf "$work/run" "$work/census"
"$work/tabulate" run --config configs/testdata/report-run.yaml --out "$work/run" -q
"$work/tabulate" census --config configs/testdata/report-census.yaml --out "$work/census" -q
"$work/tabulate" report "$work/run"
"$work/tabulate" report "$work/census"

# chromium: a fresh profile each time, no sandbox (root in CI), no GPU; a
# generous timeout for a loaded machine.
browse() {
	timeout 300 chromium --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-extensions --disable-background-networking --user-data-dir="$work/profile-$$" \
		"$@" 2>>"$work/chromium.log"
	rm -rf "$work/profile-$$"
}

status=0
for name in run census; do
	page="file://$work/$name/index.html"
	# The console log: every console message and uncaught error comes out
	# as an INFO:CONSOLE line on standard error.
	: >"$work/$name.console"
	timeout 300 chromium --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-extensions --disable-background-networking --user-data-dir="$work/profile-dom" \
		--enable-logging=stderr --v=0 --virtual-time-budget=5000 \
		--dump-dom "$page" >"$work/$name.dom.html" 2>"$work/$name.console"
	rm -rf "$work/profile-dom"
	browse --screenshot="$work/$name-desktop.png" --window-size=1280,900 --hide-scrollbars "$page" >/dev/null
	browse --screenshot="$work/$name-phone.png" --window-size=390,844 --hide-scrollbars "$page" >/dev/null
	# The figures on a phone: a copy of the page with a script that, once
	# loaded, writes each figure's rendered width and its printed width
	# (page.html: narrow screens show a figure at its printed width, so its
	# text keeps its printed size) into the DOM that chromium dumps. The
	# copy's body is 390 px wide: headless chromium's --dump-dom lays the
	# page out 500 px wide whatever --window-size says (measured:
	# innerWidth in the same probe), wider than a phone's column.
	probe="$work/$name/phone-probe.html"
	sed 's|</body>|<style>body { width: 390px; margin: 0; }</style><script>addEventListener("load", function () { document.body.setAttribute("data-figure-widths", Array.prototype.map.call(document.querySelectorAll("figure img"), function (i) { return i.getBoundingClientRect().width.toFixed(1) + ":" + getComputedStyle(i).getPropertyValue("--print-width").trim(); }).join(" ")); document.body.setAttribute("data-inner-width", String(innerWidth)); document.body.setAttribute("data-body-scroll-width", String(document.body.scrollWidth)); });</script></body>|' \
		"$work/$name/index.html" >"$probe"
	timeout 300 chromium --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-extensions --disable-background-networking --user-data-dir="$work/profile-phone" \
		--window-size=390,844 --virtual-time-budget=5000 \
		--dump-dom "file://$probe" >"$work/$name.phone.dom.html" 2>>"$work/chromium.log"
	rm -rf "$work/profile-phone" "$probe"
	figures=1
	query=
	if [ "$name" = census ]; then
		figures=3
		# The census table sorted and filtered through the page's address
		# (the page's script applies ?table=&sort=&order=&filter=): check.go
		# checks the order and the rows shown in the DOM.
		timeout 300 chromium --headless --no-sandbox --disable-gpu --no-first-run \
			--disable-extensions --disable-background-networking --user-data-dir="$work/profile-query" \
			--virtual-time-budget=5000 \
			--dump-dom "$page?table=census-octal-table&sort=period&order=desc&filter=proven:true" \
			>"$work/$name.query.dom.html" 2>>"$work/chromium.log"
		rm -rf "$work/profile-query"
		query="-query $work/$name.query.dom.html"
	fi
	# shellcheck disable=SC2086 # $query is empty or two words
	go run scripts/ci/report-browser/check.go -out "$work/$name" -dom "$work/$name.dom.html" \
		-console "$work/$name.console" -figures "$figures" -phone "$work/$name.phone.dom.html" $query \
		"$work/$name-desktop.png" "$work/$name-phone.png" || status=1
done
if [ "$status" -ne 0 ]; then
	echo "report-browser: FAILED (pages, DOMs, logs and screenshots in $work)" >&2
	[ $# -ge 1 ] || trap - EXIT
	exit 1
fi
echo "report-browser: ok"
