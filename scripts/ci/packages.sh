#!/usr/bin/env bash
# The Debian programs the rendering tests read their figures and tables with,
# installed where missing (CI runs as root): pdftoppm (poppler-utils) renders
# the PDF figures, chromium the SVG figures and the report, pdflatex
# (texlive-latex-base, which holds longtable) compiles the census's LaTeX
# tables. The tests skip with the reason where a program is absent, so
# without this step they would pass in CI having checked nothing; a failed
# install fails CI instead.
set -euo pipefail
need=()
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdflatex >/dev/null 2>&1 || need+=(texlive-latex-base)
if ((${#need[@]} == 0)); then
	echo "packages: pdftoppm, chromium and pdflatex present"
	exit 0
fi
echo "packages: installing ${need[*]}"
apt-get update -qq
# chromium as report-browser.sh installs it (with its recommended fonts);
# the others without recommends (TeX's documentation is hundreds of MB).
for p in "${need[@]}"; do
	if [[ $p == chromium ]]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	else
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$p" >/dev/null
	fi
done
for c in pdftoppm chromium pdflatex; do
	command -v "$c" >/dev/null 2>&1 || { echo "packages: $c still missing after the install" >&2; exit 1; }
done
