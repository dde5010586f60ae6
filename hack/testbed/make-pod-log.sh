#!/usr/bin/env bash
# Prints a few container log lines in the CRI log format kwok serves for `kubectl logs`.
set -euo pipefail
now=$(date -u +%Y-%m-%dT%H:%M:%S)
for i in 1 2 3 4 5; do
  printf '%s.%09dZ stdout F nimbus test-bed log line %d\n' "$now" "$i" "$i"
done
