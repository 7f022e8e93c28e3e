#!/usr/bin/env bash
# CI step: the Python package (python/) installs offline into a virtual
# environment of Debian's python3 (with the system's pandas and numpy, no
# pyarrow) and its tests pass against the binary of this tree.
#
# It fails, never skips: where python3-pandas or python3-venv is missing it
# is installed with apt-get when running as root with apt-get at hand (CI),
# otherwise the step fails saying what to install.
#
#   scripts/ci/python.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
py=/usr/bin/python3
if ! "$py" -c 'import pandas, venv, ensurepip' >/dev/null 2>&1; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "python.sh: installing python3-pandas and python3-venv with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pandas python3-venv >/dev/null
  fi
fi
if ! "$py" -c 'import pandas, venv, ensurepip' >/dev/null 2>&1; then
  echo "python.sh: FAILED: Debian's python3 with pandas and venv is needed (apt-get install python3-pandas python3-venv)" >&2
  exit 1
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/bin/tabulate" ./cmd/tabulate
"$py" -m venv --system-site-packages "$tmp/venv"
echo "== pip install ./python (offline)"
"$tmp/venv/bin/pip" install --no-index --quiet ./python
echo "== python/tests with pandas $("$tmp/venv/bin/python" -c 'import pandas; print(pandas.__version__)')"
(cd "$tmp" && TABULATE="$tmp/bin/tabulate" "$tmp/venv/bin/python" -m unittest discover -s "$OLDPWD/python/tests" -v)
echo "== python/tests without pandas (standard library only)"
(cd "$tmp" && TABULATE="$tmp/bin/tabulate" "$tmp/venv/bin/python" -I -c '
import sys, unittest
sys.modules["pandas"] = None  # as if not installed
sys.path.insert(0, sys.argv[1])
unittest.main(module=None, argv=["x", "discover", "-s", sys.argv[1]])' "$OLDPWD/python/tests")
echo "python.sh: passed"
