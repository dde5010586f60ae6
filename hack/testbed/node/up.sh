#!/usr/bin/env bash
# Starts (or reuses) the real nodes: containerd + kubelet joined to the hub (with kube-proxy, so
# Services work) and to member-a (tainted), a CNI bridge each, socat relays from the node address
# to the loopback API servers. The clusters must be up (hack/testbed/up.sh calls this).
# Exit status 3: another checkout owns this machine's nodes; nothing was started.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

[ "$(id -u)" -eq 0 ] || die "the real nodes need root (kubelet, containerd, iptables)"
for tool in runc socat nft iptables openssl umoci skopeo; do
  command -v "$tool" >/dev/null || die "$tool is not installed (run hack/install-deps.sh)"
done
[ -x /usr/lib/cni/bridge ] || die "containernetworking-plugins is not installed (run hack/install-deps.sh)"

bin=$(node_bin)
export PATH="$bin:$("$testbed_dir/build.sh"):$PATH"

# What nodes leave when they are killed rather than stopped (a cancelled job, a closed terminal):
# the owner file, their roots, shims and pods, the bridges, the node address.
leftovers() {
  local cluster
  [ -e "$owner_file" ] || [ -e "$node_run" ] || [ -e "$node_var" ] && return 0
  [ -n "$("$node_dir/host-state.sh" processes)" ] && return 0
  has_node_address && return 0
  for cluster in "${node_clusters[@]}"; do
    ip link show "${node_bridge[$cluster]}" >/dev/null 2>&1 && return 0
  done
  return 1
}

owner=$(cat "$owner_file" 2>/dev/null || true)
if nodes_alive; then
  if [ -n "$owner" ] && [ "$owner" != "$repo_root" ]; then
    log "node: this machine's real nodes belong to $owner; not starting them here (stop them there with make down)"
    exit 3
  fi
  # This checkout's nodes: start what is missing of them, keep the snapshot of before they started.
else
  # No kubelet or containerd runs: whatever is left of earlier nodes is cleared first (with the
  # snapshot of before they started, for the sysctls and paths to put back), and the machine is
  # recorded only after that (docs/testbed.md "A killed run").
  if leftovers; then
    log "node: ${owner:-a checkout} left real nodes behind that no longer run; clearing what they left"
    "$node_dir/clear.sh"
  fi
  if [ -s "$host_before/sysctl.txt" ]; then
    mkdir -p "$node_conf"
    "$node_dir/host-state.sh" check >/dev/null 2>"$node_conf/host-check-at-start.txt" ||
      log "node: the machine differs from the snapshot kept since $(stat -c %y "$host_before/sysctl.txt" | cut -d. -f1) (not the nodes' doing, or not theirs to undo; $node_conf/host-check-at-start.txt); recording it anew"
    "$node_dir/host-state.sh" forget
  fi
  rm -rf "$node_conf/pids"
fi
"$node_dir/host-state.sh" snapshot
mkdir -p "$node_run" "$node_var"
echo "$repo_root" >"$owner_file"

# ---- the node address and the relays to the API servers ----
has_node_address || ip addr add "$node_host_ip/32" dev lo
for cluster in "$hub_cluster" "${member_clusters[@]}"; do
  port=${cluster_port[$cluster]}
  running "relay-$cluster" && continue
  start_process "relay-$cluster" "$node_conf/logs/relay-$cluster.log" \
    socat "TCP-LISTEN:$port,bind=$node_host_ip,reuseaddr,fork" "TCP:127.0.0.1:$port"
done

pause=$("$node_dir/pause-image.sh")
log "node: sandbox image $pause"

wait_for() { # what seconds command...
  local what=$1 seconds=$2
  shift 2
  for _ in $(seq $((seconds * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  die "node: $what did not come up within ${seconds}s (logs: $node_conf/logs)"
}

start_node() { # cluster
  local cluster=$1 conf var run node hierarchy
  conf=$(conf_of "$cluster") var=$(var_of "$cluster") run=$(run_of "$cluster") node=$(node_name_of "$cluster")
  "$node_dir/pki.sh" "$cluster"
  "$node_dir/render.sh" "$cluster"
  mkdir -p "$var" "$run"
  # The kubelet requires its cgroup root to exist in every hierarchy.
  for hierarchy in $(cgroup_hierarchies); do mkdir -p "$hierarchy$(cgroup_root_of "$cluster")"; done
  if ! running "containerd-$cluster"; then
    start_process "containerd-$cluster" "$conf/logs/containerd.log" containerd --config "$conf/containerd.toml"
  fi
  wait_for "$cluster containerd" 60 test -S "$(containerd_socket_of "$cluster")"
  local labels="nimbus.io/real-node=true"
  if ! running "kubelet-$cluster"; then
    start_process "kubelet-$cluster" "$conf/logs/kubelet.log" kubelet \
      --config "$conf/kubelet.yaml" --kubeconfig "$conf/pki/kubelet-client.kubeconfig" \
      --root-dir "$var/kubelet" --hostname-override "$node" --node-ip "$node_host_ip" \
      --node-labels "$labels" --v=1
  fi
  if [ "$cluster" = "$hub_cluster" ] && ! running kube-proxy; then
    start_process kube-proxy "$conf/logs/kube-proxy.log" kube-proxy --config "$conf/kube-proxy.yaml" --v=1
  fi
}

start=$SECONDS
for cluster in "${node_clusters[@]}"; do start_node "$cluster"; done
for cluster in "${node_clusters[@]}"; do
  kc=$(kubeconfig_of "$cluster")
  wait_for "$cluster node registration" 120 kubectl --kubeconfig "$kc" get node "$(node_name_of "$cluster")"
  kubectl --kubeconfig "$kc" wait --for=condition=Ready "node/$(node_name_of "$cluster")" --timeout=180s >/dev/null ||
    die "node: $(node_name_of "$cluster") is not Ready (logs: $(conf_of "$cluster")/logs)"
done
wait_for "kube-proxy" 60 curl -fsS --max-time 2 http://127.0.0.1:10256/healthz
log "node: $(printf '%s ' "${node_clusters[@]/%/-real-node}")Ready in $((SECONDS - start))s (node address $node_host_ip)"
