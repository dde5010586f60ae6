#!/usr/bin/env bash
# Pod discovery by SPEC §3's metric-template annotations for one member, standing in for
# Prometheus' Kubernetes service discovery (Debian builds Prometheus without it): every few
# seconds one `kubectl get pods` renders file_sd target lists Prometheus rereads by itself.
#   <out dir>/probe.json    pods with prometheus.io/http-probe "true": http://<pod IP>:<port><path>
#                           for the blackbox exporter (port 8080 and /probe unless annotated)
#   <out dir>/metrics.json  pods with prometheus.io/http-metric "true": <pod IP>:<port> scraped at
#                           <path> over <scheme> (8080, /metrics, http unless annotated)
# Started by monitoring.sh. Usage: annotated-pods.sh <member> <out dir> [interval seconds]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
member=$1 out=$2 interval=${3:-5}
kubectl="$("$testbed_dir/build.sh" --print-only)/kubectl"
kc=$(kubeconfig_of "$member")
mkdir -p "$out"

# A missing annotation indexes to nil, which `or` turns into the default.
annotated() { # annotation, target template, extra labels template
  printf '%s' '{{range .items}}{{$p := .}}{{with .metadata.annotations}}{{if and $p.status.podIP (eq (or (index . "'"$1"'") "") "true")}}'
  printf '%s' '{"targets":["'"$2"'"],"labels":{"namespace":"{{$p.metadata.namespace}}","pod":"{{$p.metadata.name}}"'"$3"'}}'
  printf '\n%s' '{{end}}{{end}}{{end}}'
}
port='{{or (index . "prometheus.io/port") "8080"}}'
probe_template=$(annotated prometheus.io/http-probe \
  'http://{{$p.status.podIP}}:'"$port"'{{or (index . "prometheus.io/path") "/probe"}}' '')
metrics_template=$(annotated prometheus.io/http-metric '{{$p.status.podIP}}:'"$port" \
  ',"__metrics_path__":"{{or (index . "prometheus.io/path") "/metrics"}}","__scheme__":"{{or (index . "prometheus.io/scheme") "http"}}"')

render() { # template, file
  local lines
  lines=$("$kubectl" --kubeconfig "$kc" --request-timeout=5s get pods -A "$unmonitored_selector" \
    -o go-template="$1") || return 0
  # Written aside and renamed: Prometheus never reads half a file.
  printf '[%s]\n' "$(printf '%s' "$lines" | sed '/^$/d' | paste -sd, -)" >"$2.tmp"
  mv "$2.tmp" "$2"
}

for file in probe metrics; do [ -f "$out/$file.json" ] || echo '[]' >"$out/$file.json"; done
trap 'rm -f "$out"/*.tmp; exit 0' TERM INT
while :; do
  render "$probe_template" "$out/probe.json"
  render "$metrics_template" "$out/metrics.json"
  sleep "$interval" &
  wait $!
done
