#!/usr/bin/env bash
# CI step: the docs and the code comments say what is, and commit subjects
# stay short.
#
#   scripts/ci/hygiene.sh BASE       check the tree, and the subjects of the
#                                    commits BASE..HEAD (BASE's own history is
#                                    exempt)
#   scripts/ci/hygiene.sh            check the tree only
#   scripts/ci/hygiene.sh --self-test
#                                    plant each fault in a scratch repository
#                                    and check that the script fails on it
#
# The tree: the Markdown pages (README.md, CHANGELOG.md, ARCHITECTURE.md,
# docs/) and the comments of the code (Go and JavaScript after //, shell,
# YAML and Python after #) must not name a working session, a clock time in
# UTC, a load average, the farm-bench tool or a path under ../shared (the
# repository must stand alone). Exempt: bench/runs/ (raw measurements, which
# record their machine and time), .ci/ (which names where CI finds the public
# peers), docs/data/, and this script. A commit subject longer than 72
# characters fails: figures and detail go in the body.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The forbidden phrases, as extended regular expressions (case-insensitive).
patterns=(
  '\bsessions?\b'
  '[0-9]{1,2}:[0-9]{2}[^A-Za-z]{0,30}\bUTC\b'
  '\(UTC\)'
  'load average'
  'farm-bench'
  '\.\./shared'
)
max_subject=72
export LC_ALL=C.UTF-8

self_test() {
  local tmp fail=0
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  mkdir -p "$tmp/scripts/ci" "$tmp/docs" "$tmp/bench/runs/x" "$tmp/.ci"
  cp "$0" "$tmp/scripts/ci/hygiene.sh"
  (
    cd "$tmp"
    git init -q
    git config user.email ci@example.org
    git config user.name ci
    printf '# Page\n\nPlain text.\n' >docs/page.md
    printf 'package x\n\n// Doc says what is.\nfunc F() {}\n' >x.go
    printf 'machine loaded, load average 3, 12:00 UTC, ../shared\n' >bench/runs/x/summary.txt
    printf 'TABULATE_PEER_DIR=../shared/peers\n' >.ci/run
    git add -A
    git commit -q -m "base"
  )
  expect() { # expect WANT NAME: run the script in $tmp, WANT pass or fail
    local got=pass
    (cd "$tmp" && scripts/ci/hygiene.sh "$base" >"$tmp/out" 2>&1) || got=fail
    if [[ "$got" != "$1" ]]; then
      echo "hygiene.sh --self-test: FAILED: $2: the script ended with $got, want $1" >&2
      sed 's/^/  /' "$tmp/out" >&2
      fail=1
    else
      echo "ok: $2 ($got)"
    fi
  }
  local base
  base="$(git -C "$tmp" rev-parse HEAD)"
  expect pass "a clean tree (exempt folders hold every phrase)"
  local planted
  for planted in 'the fourth session' 'measured 14:05 UTC' 'at load average 12' 'farm-bench, 4 pairs' '../shared/peers/x'; do
    printf 'Text of %s here.\n' "$planted" >>"$tmp/docs/page.md"
    expect fail "docs/page.md with '$planted'"
    git -C "$tmp" checkout -q docs/page.md
  done
  printf '// Measured in the sixth Session.\n' >>"$tmp/x.go"
  expect fail "a Go comment with 'Session'"
  git -C "$tmp" checkout -q x.go
  printf 'var s = "session" // a plain comment\n' >>"$tmp/x.go"
  expect pass "the word in Go code, not in a comment"
  git -C "$tmp" checkout -q x.go
  (cd "$tmp" && git commit -q --allow-empty -m "$(printf 'a%.0s' {1..72})")
  expect pass "a subject of 72 characters"
  (cd "$tmp" && git commit -q --allow-empty -m "$(printf 'b%.0s' {1..73})")
  expect fail "a subject of 73 characters"
  base="$(git -C "$tmp" rev-parse HEAD)"
  expect pass "the long subject before the base"
  return "$fail"
}

if [[ "${1:-}" == --self-test ]]; then
  self_test
  exit $?
fi
base="${1:-}"
fail=0

# The files to read: tracked and untracked-but-not-ignored, without the
# exempt folders.
mapfile -t files < <(git ls-files --cached --others --exclude-standard | sort -u |
  grep -vE '^(bench/runs/|\.ci/|docs/data/|shared/|scripts/ci/hygiene\.sh$)' || true)

# comments FILE: the file's comment text, as "LINE:TEXT", or the whole file
# for a page.
comments() {
  case "$1" in
  *.md) awk '{print FNR ":" $0}' "$1" ;;
  *.go | *.mjs | *.js) awk '{i = index($0, "//"); if (i) print FNR ":" substr($0, i + 2)}' "$1" ;;
  *.sh | *.yaml | *.yml | *.py | */run | Makefile | Dockerfile)
    awk '{i = index($0, "#"); if (i) print FNR ":" substr($0, i + 1)}' "$1" ;;
  esac
}

for f in "${files[@]}"; do
  [[ -f "$f" ]] || continue
  case "$f" in
  *.md | *.go | *.mjs | *.js | *.sh | *.yaml | *.yml | *.py) ;;
  *) continue ;;
  esac
  for p in "${patterns[@]}"; do
    if hits="$(comments "$f" | grep -iE -- "$p")"; then
      while IFS= read -r hit; do
        echo "hygiene.sh: $f:${hit%%:*}: '$p' in '${hit#*:}'" >&2
      done <<<"$hits"
      fail=1
    fi
  done
done

if [[ -n "$base" ]]; then
  git rev-parse --verify -q "$base^{commit}" >/dev/null || {
    echo "hygiene.sh: BASE '$base' is not a commit" >&2
    exit 2
  }
  while IFS= read -r line; do
    sha="${line%% *}"
    subject="${line#* }"
    if ((${#subject} > max_subject)); then
      echo "hygiene.sh: commit $sha: subject of ${#subject} characters (at most $max_subject; figures go in the body): ${subject:0:80}..." >&2
      fail=1
    fi
  done < <(git log --format='%h %s' "$base..HEAD")
fi

if ((fail)); then
  echo "hygiene.sh: FAILED" >&2
  exit 1
fi
echo "hygiene.sh: ok"
