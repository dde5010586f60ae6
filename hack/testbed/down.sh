#!/usr/bin/env bash
# Stops and deletes every test-bed cluster and checks that no process of theirs is left.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# The real nodes first (they are stopped only by the checkout that started them); their check
# that the machine is as before fails this script, but only after the clusters are gone too.
nodes_clean=1
"$testbed_dir/node/down.sh" || nodes_clean=0
# The daemons beside the clusters, all at once: each takes a second or two to end.
stops=()
for part in registry monitor-services monitoring secure-registry otelcol oidc; do
  "$testbed_dir/$part.sh" stop &
  stops+=($!)
done
for stop in "${stops[@]}"; do wait "$stop"; done
bin_dir=$("$testbed_dir/build.sh" --print-only 2>/dev/null || true)
[ -n "$bin_dir" ] && export PATH="$bin_dir:$PATH"
if ! command -v kwokctl >/dev/null; then
  log "kwokctl is not built; nothing can be running"
  exit 0
fi
for name in "${member_clusters[@]}" "$hub_cluster"; do
  if cluster_exists "$name"; then
    log "$name: deleting"
    kwokctl delete cluster --name "$name" >/dev/null 2>&1 || log "$name: kwokctl delete failed"
  fi
  rm -f "$(kubeconfig_of "$name")"
done
# Anything still running from our work dir is a leak: stop it rather than leave it behind.
if pgrep -f "$KWOK_WORKDIR" >/dev/null; then
  log "stopping leftover test-bed processes"
  pkill -TERM -f "$KWOK_WORKDIR" || true
  sleep 2
  pkill -KILL -f "$KWOK_WORKDIR" || true
fi
if pgrep -f "$KWOK_WORKDIR" >/dev/null; then die "test-bed processes are still running"; fi
log "down: no test-bed process left"
[ "$nodes_clean" = 1 ] || die "the real nodes did not leave the machine as they found it (see above)"
