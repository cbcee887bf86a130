#!/usr/bin/env bash
# End-to-end test with Neovim as the LSP client of `pipelint lsp`.
#
# Usage: e2e.sh PIPELINT_BINARY WORK_DIR
#
# Copies orders.pipe.json (an enum case slip: "scram-sha-512") into WORK_DIR, lets headless
# Neovim (0.7 or newer, no user config) start pipelint with the user guide's snippet for its
# version (taken from docs/editors.md, with PIPELINT_BINARY's directory first on PATH), open the
# file, apply the offered quick fix and write the file, then break pipelint.toml and save
# again. Neovim's own view of the diagnostics goes to WORK_DIR/report.json; the Rust test
# `lsp::nvim` asserts on it and on the written file.
# Run by hand: cargo build -p pipelint && crates/pipelint-lsp/tests/nvim/e2e.sh target/debug/pipelint /tmp/e2e
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
work="$2"

rm -rf "$work"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
cp "$here/orders.pipe.json" "$work/orders.pipe.json"

# The guide's Neovim snippets, as a user copies them into init.lua: the first ```lua block
# after the line that introduces it.
guide="$here/../../../../docs/editors.md"
readme="$here/../../../../README.md"
snippet() {
  awk -v intro="$1" 'index($0, intro) { found = 1 }
    found && /^```lua$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }' "$2"
}
snippet '**Neovim** 0.11 or newer' "$guide" >"$work/init-0.11.lua"
snippet 'On Neovim 0.7 to 0.10' "$guide" >"$work/init-0.7.lua"
for init in "$work/init-0.11.lua" "$work/init-0.7.lua"; do
  if [ ! -s "$init" ]; then
    echo "e2e.sh: no snippet for $(basename "$init") in docs/editors.md" >&2
    exit 1
  fi
done
# README shows the 0.11 snippet too: it must be the guide's, which this test runs.
if ! cmp -s <(snippet 'for Neovim 0.11' "$readme") "$work/init-0.11.lua"; then
  echo "e2e.sh: README's Neovim snippet differs from docs/editors.md's" >&2
  exit 1
fi

# The snippets run `pipelint` from PATH.
if [ "$(basename "$bin")" != pipelint ]; then
  echo "e2e.sh: the binary must be named pipelint: $bin" >&2
  exit 1
fi
export PATH="$(dirname "$bin"):$PATH"
export PIPELINT_E2E_INIT_011="$work/init-0.11.lua" PIPELINT_E2E_INIT_07="$work/init-0.7.lua"
export PIPELINT_E2E_FILE="$work/orders.pipe.json"
export PIPELINT_E2E_REPORT="$work/report.json"
# Keep the user's configuration, plugins and state out; Neovim's lsp.log lands in $work.
export XDG_CONFIG_HOME="$work/xdg/config" XDG_DATA_HOME="$work/xdg/data"
export XDG_STATE_HOME="$work/xdg/state" XDG_CACHE_HOME="$work/xdg/cache"

status=0
timeout 120 nvim --headless -n -i NONE -u NONE --noplugin \
  -c "luafile $here/e2e.lua" </dev/null || status=$?

if [ -f "$work/report.json" ]; then
  cat "$work/report.json"
  echo
fi
if [ "$status" -ne 0 ]; then
  echo "e2e.sh: nvim exited with status $status" >&2
  find "$work/xdg" -name 'lsp.log' -exec tail -n 40 {} \; >&2 || true
  exit "$status"
fi
if ! grep -q '"authentication": "SCRAM-SHA-512"' "$work/orders.pipe.json"; then
  echo "e2e.sh: the file was not fixed" >&2
  exit 1
fi
echo "e2e.sh: ok"
