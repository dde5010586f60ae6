#!/usr/bin/env bash
# Starts (or reuses) the hub and member clusters with kwokctl's binary runtime: real
# etcd, kube-apiserver, controller-manager and scheduler on loopback, kwok simulating nodes.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

bin=$(testbed_bin)
export PATH="$bin:$PATH"
mkdir -p "$state_dir" "$KWOK_WORKDIR"

write_config() { # name port → path of a KwokctlConfiguration plus logs/exec rules
  local name=$1 port=$2 conf="$state_dir/$1.config.yaml"
  local exec_root="$state_dir/exec-root/$name" log_file="$state_dir/pod-logs/container.log"
  mkdir -p "$exec_root" "$(dirname "$log_file")"
  "$testbed_dir/make-pod-log.sh" >"$log_file"
  sed -e "s|@NAME@|$name|g" -e "s|@PORT@|$port|g" -e "s|@BIN@|$bin|g" \
    -e "s|@KUBE_VERSION@|$KUBE_VERSION|g" -e "s|@KWOK_VERSION@|$KWOK_VERSION|g" \
    -e "s|@ETCD_VERSION@|${ETCD_VERSION#v}|g" -e "s|@CACHE@|$KWOK_WORKDIR/cache|g" \
    -e "s|@EXEC_ROOT@|$exec_root|g" -e "s|@LOG_FILE@|$log_file|g" \
    -e "s|@NODE_HOST_IP@|$node_host_ip|g" -e "s|@KUBERNETES_SERVICE_IP@|$kubernetes_service_ip|g" \
    -e "s|@SERVICE_CIDR@|$service_cidr|g" -e "s|@PKI@|$KWOK_WORKDIR/clusters/$name/pki|g" \
    -e "s|@ETCD_PORT@|$(component_port "$name" 0)|g" -e "s|@ETCD_PEER_PORT@|$(component_port "$name" 1)|g" \
    -e "s|@KCM_PORT@|$(component_port "$name" 2)|g" -e "s|@SCHEDULER_PORT@|$(component_port "$name" 3)|g" \
    -e "s|@KWOK_PORT@|$(component_port "$name" 4)|g" \
    "$testbed_dir/kwokctl-config.yaml.tmpl" >"$conf"
  echo "$conf"
}

api_ready() { # name
  kubectl --kubeconfig "$(kubeconfig_of "$1")" --request-timeout=3s get --raw /readyz >/dev/null 2>&1
}

start_cluster() { # name
  local name=$1 port=${cluster_port[$1]} conf
  conf=$(write_config "$name" "$port")
  # A cluster made from an older configuration (e.g. before the API servers had the node address
  # in their certificates) is made again: its settings only apply at creation.
  if cluster_exists "$name" && ! cmp -s "$conf" "$state_dir/$name.created.yaml"; then
    log "$name: its configuration changed; recreating it"
    kwokctl delete cluster --name "$name" >/dev/null 2>&1 || true
  fi
  if [ -f "$(kubeconfig_of "$name")" ] && api_ready "$name"; then
    log "$name: already running on 127.0.0.1:$port (reused)"
    return
  fi
  if cluster_exists "$name"; then
    log "$name: stopped or unhealthy; starting its processes again"
    kwokctl start cluster --name "$name" --wait 2m >"$state_dir/$name.start.log" 2>&1 || {
      log "$name: restart failed; recreating"
      kwokctl delete cluster --name "$name" >/dev/null 2>&1 || true
    }
  fi
  if ! cluster_exists "$name"; then
    log "$name: creating on 127.0.0.1:$port (etcd, kube-apiserver, controller-manager, scheduler, kwok)"
    local start=$SECONDS
    if ! kwokctl create cluster --name "$name" --config "$conf" \
      --kubeconfig "$state_dir/kwokctl-merged.kubeconfig" --wait 3m >"$state_dir/$name.create.log" 2>&1; then
      tail -30 "$state_dir/$name.create.log" >&2
      die "$name: kwokctl create failed (full log: $state_dir/$name.create.log)"
    fi
    cp "$conf" "$state_dir/$name.created.yaml"
    log "$name: created in $((SECONDS - start))s"
  fi
  kwokctl get kubeconfig --name "$name" >"$(kubeconfig_of "$name")"
  chmod 600 "$(kubeconfig_of "$name")"
  api_ready "$name" || die "$name did not become ready"
}

seed_member() { # name
  local name=$1 kc
  kc=$(kubeconfig_of "$name")
  log "$name: applying simulated nodes and sample workloads"
  "$testbed_dir/render-nodes.sh" "$name" | kubectl --kubeconfig "$kc" apply -f - >/dev/null
  kubectl --kubeconfig "$kc" apply -f "$testbed_dir/manifests/sample-workloads.yaml" >/dev/null
  kubectl --kubeconfig "$kc" apply -f "$testbed_dir/manifests/kwok-metrics.yaml" >/dev/null
  log "$name: waiting for nodes Ready and pods Running"
  kubectl --kubeconfig "$kc" wait --for=condition=Ready node -l type=kwok --timeout=120s >/dev/null
  kubectl --kubeconfig "$kc" -n demo rollout status deployment/web --timeout=180s >/dev/null
}

"$testbed_dir/registry.sh" start
"$testbed_dir/secure-registry.sh" start
"$testbed_dir/oidc.sh" start
start_cluster "$hub_cluster"
for m in "${member_clusters[@]}"; do
  start_cluster "$m"
  seed_member "$m"
done
"$testbed_dir/monitoring.sh" start
"$testbed_dir/monitor-services.sh" start
# The real nodes (hack/testbed/node/): on unless NIMBUS_TESTBED_NODE=0; they need root.
if [ "${NIMBUS_TESTBED_NODE:-1}" = 1 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    log "real nodes: skipped (they need root); NIMBUS_TESTBED_NODE=0 silences this"
  else
    rc=0
    "$testbed_dir/node/up.sh" || rc=$?
    [ "$rc" = 0 ] || [ "$rc" = 3 ] || die "the real nodes did not start (make testbed-down cleans up)"
  fi
fi
log "ready: kubeconfigs in $state_dir (nimbus-hub.kubeconfig, member-a.kubeconfig, member-b.kubeconfig), registry $("$testbed_dir/registry.sh" address), OpenID provider $("$testbed_dir/oidc.sh" issuer), Prometheus $("$testbed_dir/monitoring.sh" address member-a prometheus) (member-a) and $("$testbed_dir/monitoring.sh" address member-b prometheus) (member-b)"
