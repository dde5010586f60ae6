#!/usr/bin/env bash
# Each member's Prometheus and Alertmanager as Services of that member, so the operator reaches
# them through the member API server's service proxy, as real clusters do. The API server proxies
# only to an Endpoints address that a Pod of the Service's namespace holds (kube-apiserver's
# isValidAddress), and Endpoints refuse loopback addresses: so the monitors get a private address
# on lo (one per checkout, from the port base), socat relays from it to their loopback ports, and
# per member a Pod object holding that address in namespace monitoring (never scheduled: a
# scheduling gate keeps it off every node, nothing else writes its status), Services without a
# selector and Endpoints naming that Pod.
# Usage: monitor-services.sh start|stop|status|service <prometheus|alertmanager>
set -euo pipefail
source "$(dirname "$0")/lib.sh"

dir="$state_dir/monitoring"
monitoring="$testbed_dir/monitoring.sh"
namespace=monitoring
pod=testbed-monitors
# Service name, port (the usual one) and the monitoring.sh kind behind it.
declare -A service_port=([prometheus]=9090 [alertmanager]=9093)
kinds=(prometheus alertmanager)

pid_file() { echo "$dir/relay-$1.pid"; }
running() { [ -f "$(pid_file "$1")" ] && kill -0 "$(cat "$(pid_file "$1")")" 2>/dev/null; }
loopback_port() { "$monitoring" address "$1" "$2" | sed 's/.*://'; } # member kind
# Not `ip | grep -q`: grep's early exit fails ip with SIGPIPE, and pipefail fails the test.
has_address() { [[ "$(ip -o addr show dev lo)" == *" $monitor_service_ip/32 "* ]]; }
kubectl_bin() { echo "$("$testbed_dir/build.sh" --print-only)/kubectl"; }
on_member() { "$(kubectl_bin)" --kubeconfig "$(kubeconfig_of "$1")" --request-timeout=10s "${@:2}"; }

manifest() { # member
  local m=$1 kind
  cat <<YAML
apiVersion: v1
kind: Namespace
metadata: { name: $namespace }
---
apiVersion: v1
kind: Pod
metadata:
  name: $pod
  namespace: $namespace
  labels: { app.kubernetes.io/part-of: nimbus-testbed }
spec:
  schedulingGates: [{ name: nimbus.io/testbed-monitors }]
  containers: [{ name: monitors, image: testbed/monitors:none }]
YAML
  for kind in "${kinds[@]}"; do
    cat <<YAML
---
apiVersion: v1
kind: Service
metadata: { name: $kind, namespace: $namespace, labels: { app.kubernetes.io/name: $kind } }
spec:
  ports: [{ name: web, port: ${service_port[$kind]}, targetPort: $(loopback_port "$m" "$kind") }]
---
apiVersion: v1
kind: Endpoints
metadata: { name: $kind, namespace: $namespace, labels: { app.kubernetes.io/name: $kind } }
subsets:
  - addresses:
      - ip: $monitor_service_ip
        targetRef: { kind: Pod, namespace: $namespace, name: $pod }
    ports: [{ name: web, port: $(loopback_port "$m" "$kind"), protocol: TCP }]
YAML
  done
}

start() {
  if [ "$(id -u)" -ne 0 ]; then
    log "monitor services: skipped (putting $monitor_service_ip on lo needs root)"
    return
  fi
  mkdir -p "$dir"
  has_address || ip addr add "$monitor_service_ip/32" dev lo
  local m kind port
  for m in "${member_clusters[@]}"; do
    for kind in "${kinds[@]}"; do
      port=$(loopback_port "$m" "$kind")
      running "$m-$kind" && continue
      setsid socat "TCP-LISTEN:$port,bind=$monitor_service_ip,reuseaddr,fork" "TCP:127.0.0.1:$port" \
        >"$dir/relay-$m-$kind.log" 2>&1 </dev/null &
      echo $! >"$(pid_file "$m-$kind")"
    done
    # Endpoints are deprecated for EndpointSlices, but the service proxy still reads them.
    manifest "$m" | on_member "$m" apply -f - 2> >(grep -v "Endpoints is deprecated" >&2) >/dev/null
    # The status subresource is the only way to give the Pod its address; nothing overwrites it.
    on_member "$m" -n "$namespace" patch pod "$pod" --subresource=status --type=merge -p \
      "{\"status\":{\"podIP\":\"$monitor_service_ip\",\"podIPs\":[{\"ip\":\"$monitor_service_ip\"}]}}" >/dev/null
  done
  log "monitor services: $namespace/prometheus:9090 and $namespace/alertmanager:9093 in each member, at $monitor_service_ip"
}

stop() {
  local m kind files=()
  for m in "${member_clusters[@]}"; do
    for kind in "${kinds[@]}"; do files+=("$(pid_file "$m-$kind")"); done
  done
  stop_pid_files "${files[@]}"
  if has_address; then
    [ "$(id -u)" -eq 0 ] || die "removing $monitor_service_ip from lo needs root"
    ip addr del "$monitor_service_ip/32" dev lo
  fi
}

status() {
  local m kind ok=1 path
  if has_address; then
    echo "monitor address $monitor_service_ip: on lo"
  else
    echo "monitor address $monitor_service_ip: missing"
    ok=0
  fi
  for m in "${member_clusters[@]}"; do
    for kind in "${kinds[@]}"; do
      running "$m-$kind" || { echo "$m-$kind relay: down"; ok=0; continue; }
      path="/api/v1/namespaces/$namespace/services/http:$kind:${service_port[$kind]}/proxy/-/ready"
      if on_member "$m" get --raw "$path" >/dev/null 2>&1; then
        echo "$m-$kind service: answers through the API server"
      else
        echo "$m-$kind service: no answer through the API server"; ok=0
      fi
    done
  done
  [ "$ok" = 1 ]
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  # namespace/name:port of a member's monitor Service (the same in every member).
  service)
    [ -n "${service_port[${2:-}]:-}" ] || die "usage: monitor-services.sh service prometheus|alertmanager"
    echo "$namespace/$2:${service_port[$2]}"
    ;;
  *) die "usage: monitor-services.sh start|stop|status|service prometheus|alertmanager" ;;
esac
