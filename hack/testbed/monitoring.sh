#!/usr/bin/env bash
# The test bed's monitoring, from Debian's packages, all on loopback: per member a Prometheus and an
# Alertmanager; one node-exporter (this machine) and one blackbox exporter that both Prometheus use.
# kube-state.mjs (one per member) adds kube-state-metrics' condition and Deployment series through
# node-exporter's textfile collector, and the file_sd lists of pods with metric annotations.
# Kept short: everything starts at once, then one wait.
# Usage: monitoring.sh start|stop|status|hosts|address <member> prometheus|alertmanager
# Data lives in .cache/testbed/monitoring/ and survives a restart.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

dir="$state_dir/monitoring"
# base+10 … base+29 belong to monitoring: two per member from base+10, then the shared exporters.
declare -A member_slot=([member-a]=0 [member-b]=1)
prometheus_port() { echo $((port_base + 10 + 2 * ${member_slot[$1]})); }
alertmanager_port() { echo $((port_base + 11 + 2 * ${member_slot[$1]})); }
node_exporter_port=$((port_base + 14))
blackbox_port=$((port_base + 15))

pid_file() { echo "$dir/$1.pid"; }
running() { [ -f "$(pid_file "$1")" ] && kill -0 "$(cat "$(pid_file "$1")")" 2>/dev/null; }
answers() { curl -fsS --max-time 2 "$1" >/dev/null 2>&1; }

# name url command… : starts a daemon unless it already answers at url.
start_daemon() {
  local name=$1 url=$2
  shift 2
  if running "$name" && answers "$url"; then return; fi
  stop_daemon "$name"
  setsid "$@" >"$dir/$name.log" 2>&1 </dev/null &
  echo $! >"$(pid_file "$name")"
}

stop_daemon() {
  running "$1" && stop_pids "$(cat "$(pid_file "$1")")"
  rm -f "$(pid_file "$1")"
}

# Every daemon started, then one shared wait: most start in well under a second.
await() { # name url
  for _ in $(seq 100); do answers "$2" && return; sleep 0.1; done
  tail -20 "$dir/$1.log" >&2
  die "$1 did not answer on $2"
}

write_blackbox_config() {
  local m pki
  {
    cat <<YAML
modules:
  http_2xx:
    prober: http
    timeout: 5s
YAML
    for m in "${member_clusters[@]}"; do
      pki="$KWOK_WORKDIR/clusters/$m/pki"
      cat <<YAML
  apiserver_$m:
    prober: http
    timeout: 5s
    http:
      tls_config:
        ca_file: $pki/ca.crt
YAML
    done
  } >"$dir/blackbox.yml"
}

write_prometheus_config() { # member
  local m=$1 pki="$KWOK_WORKDIR/clusters/$1/pki" api="127.0.0.1:${cluster_port[$1]}"
  local kwok="127.0.0.1:$(component_port "$1" 4)"
  mkdir -p "$dir/$m"
  cat >"$dir/$m/prometheus.yml" <<YAML
# Written by hack/testbed/monitoring.sh for the test bed's $m.
global:
  scrape_interval: 10s
  evaluation_interval: 10s
  external_labels:
    cluster: $m
alerting:
  alertmanagers:
    - static_configs:
        - targets: ["127.0.0.1:$(alertmanager_port "$m")"]
rule_files: ["$dir/$m/rules.yml"]
scrape_configs:
  - job_name: prometheus
    static_configs:
      - targets: ["127.0.0.1:$(prometheus_port "$m")"]
  - job_name: alertmanager
    static_configs:
      - targets: ["127.0.0.1:$(alertmanager_port "$m")"]
  # The member's API server, with the test bed's admin client certificate.
  - job_name: apiserver
    scheme: https
    scrape_interval: 30s
    tls_config: { ca_file: $pki/ca.crt, cert_file: $pki/admin.crt, key_file: $pki/admin.key }
    static_configs:
      - targets: ["$api"]
  # This machine (the only real hardware there is).
  - job_name: node-exporter
    honor_labels: true # kube-state.mjs's series name their node themselves
    static_configs:
      - targets: ["127.0.0.1:$node_exporter_port"]
        labels: { node: "$(hostname)" }
    metric_relabel_configs:
      # kube-state.mjs's series of the other member are not this member's.
      - source_labels: [testbed_member]
        regex: "|$m"
        action: keep
      - regex: testbed_member
        action: labeldrop  # kwok: kubelet resource metrics and kube-state-metrics-like series per simulated node.
  - job_name: kwok
    honor_labels: true
    scheme: https
    tls_config: { insecure_skip_verify: true }
    http_sd_configs:
      - url: https://$kwok/discovery/prometheus
        tls_config: { insecure_skip_verify: true }
    relabel_configs:
      - source_labels: [__metrics_path__]
        regex: /metrics/nodes/([^/]+)/.*
        target_label: node
      - source_labels: [metrics_name]
        target_label: source
      - regex: metrics_name
        action: labeldrop
  # Pods carrying SPEC §3's metric-template annotations, found by kube-state.mjs (Debian builds
  # Prometheus without Kubernetes service discovery): black-box probes and white-box scrapes.
  # Every 3 s, not the global 10 s: a test waits for the first sample after it annotates a pod.
  - job_name: annotated-probe
    scrape_interval: 3s
    scrape_timeout: 3s
    metrics_path: /probe
    params: { module: [http_2xx] }
    file_sd_configs:
      - files: ["$dir/$m/annotated/probe.json"]
        refresh_interval: 5s
    relabel_configs:
      - { source_labels: [__address__], target_label: __param_target }
      - { source_labels: [__param_target], target_label: instance }
      - { target_label: __address__, replacement: "127.0.0.1:$blackbox_port" }
  - job_name: annotated-metrics
    scrape_interval: 3s
    scrape_timeout: 3s
    file_sd_configs:
      - files: ["$dir/$m/annotated/metrics.json"]
        refresh_interval: 5s
  # Black-box probes: the API server's health.
  - job_name: blackbox
    metrics_path: /probe
    params: { module: [apiserver_$m] }
    static_configs:
      - targets: ["https://$api/livez"]
    relabel_configs:
      - { source_labels: [__address__], target_label: __param_target }
      - { source_labels: [__param_target], target_label: instance }
      - { target_label: __address__, replacement: "127.0.0.1:$blackbox_port" }
YAML
  # Rules of the member's own (none yet); Nimbus evaluates its alarm rules itself.
  [ -f "$dir/$m/rules.yml" ] || echo 'groups: []' >"$dir/$m/rules.yml"
  cat >"$dir/$m/alertmanager.yml" <<'YAML'
route:
  receiver: default
receivers:
  - name: default
YAML
}

start() {
  command -v prometheus >/dev/null && command -v prometheus-alertmanager >/dev/null &&
    command -v prometheus-node-exporter >/dev/null && command -v prometheus-blackbox-exporter >/dev/null ||
    die "Prometheus packages are missing (run hack/install-deps.sh)"
  mkdir -p "$dir"
  local m checks=()
  write_blackbox_config
  mkdir -p "$dir/textfile"
  start_daemon node-exporter "http://127.0.0.1:$node_exporter_port/metrics" \
    prometheus-node-exporter --web.listen-address="127.0.0.1:$node_exporter_port" \
    --collector.textfile.directory="$dir/textfile"
  checks+=("node-exporter http://127.0.0.1:$node_exporter_port/metrics")
  start_daemon blackbox "http://127.0.0.1:$blackbox_port/metrics" \
    prometheus-blackbox-exporter --web.listen-address="127.0.0.1:$blackbox_port" --config.file="$dir/blackbox.yml"
  checks+=("blackbox http://127.0.0.1:$blackbox_port/metrics")
  for m in "${member_clusters[@]}"; do
    running "$m-kube-state" ||
      start_daemon "$m-kube-state" - "$(nodejs_bin)" "$testbed_dir/kube-state.mjs" "$m" \
        "127.0.0.1:${cluster_port[$m]}" "$KWOK_WORKDIR/clusters/$m/pki" "$dir/textfile/$m.prom" "$dir/$m/annotated"
    write_prometheus_config "$m"
    mkdir -p "$dir/$m/prometheus-data" "$dir/$m/alertmanager-data"
    start_daemon "$m-alertmanager" "http://127.0.0.1:$(alertmanager_port "$m")/-/ready" \
      prometheus-alertmanager --config.file="$dir/$m/alertmanager.yml" \
      --storage.path="$dir/$m/alertmanager-data" --web.listen-address="127.0.0.1:$(alertmanager_port "$m")" \
      --cluster.listen-address= --log.level=warn
    checks+=("$m-alertmanager http://127.0.0.1:$(alertmanager_port "$m")/-/ready")
    start_daemon "$m-prometheus" "http://127.0.0.1:$(prometheus_port "$m")/-/ready" \
      prometheus --config.file="$dir/$m/prometheus.yml" --storage.tsdb.path="$dir/$m/prometheus-data" \
      --storage.tsdb.retention.time=8d --web.listen-address="127.0.0.1:$(prometheus_port "$m")" \
      --web.enable-lifecycle --query.timeout=30s --query.max-samples=5000000 --log.level=warn
    checks+=("$m-prometheus http://127.0.0.1:$(prometheus_port "$m")/-/ready")
  done
  local check
  for check in "${checks[@]}"; do await $check; done
  # A running Prometheus rereads a rewritten configuration (e.g. new kwok or API server ports).
  for m in "${member_clusters[@]}"; do
    curl -fsS --max-time 5 -X POST "http://127.0.0.1:$(prometheus_port "$m")/-/reload" >/dev/null ||
      log "$m-prometheus: reload failed"
  done
  log "monitoring: Prometheus $(for m in "${member_clusters[@]}"; do printf '%s=127.0.0.1:%s ' "$m" "$(prometheus_port "$m")"; done)(Alertmanager on the next port)"
}

stop() {
  local m name files=()
  for name in blackbox node-exporter; do files+=("$(pid_file "$name")"); done
  for m in "${member_clusters[@]}"; do
    # annotated-pods: the loop kube-state.mjs replaced, in a test bed started before it.
    for name in prometheus alertmanager kube-state annotated-pods; do files+=("$(pid_file "$m-$name")"); done
  done
  stop_pid_files "${files[@]}"
  for m in "${member_clusters[@]}"; do rm -f "$dir/textfile/$m.prom"; done
}

status() {
  local m ok=1
  for m in "${member_clusters[@]}"; do
    answers "http://127.0.0.1:$(prometheus_port "$m")/-/ready" && echo "$m-prometheus: ready" || { echo "$m-prometheus: down"; ok=0; }
    answers "http://127.0.0.1:$(alertmanager_port "$m")/-/ready" && echo "$m-alertmanager: ready" || { echo "$m-alertmanager: down"; ok=0; }
    running "$m-kube-state" && echo "$m-kube-state: running" || { echo "$m-kube-state: down"; ok=0; }
  done
  answers "http://127.0.0.1:$node_exporter_port/metrics" && echo "node-exporter: ready" || { echo "node-exporter: down"; ok=0; }
  answers "http://127.0.0.1:$blackbox_port/metrics" && echo "blackbox-exporter: ready" || { echo "blackbox-exporter: down"; ok=0; }
  [ "$ok" = 1 ]
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  # host:port entries for the operator's outbound allow-list (NIMBUS_OUTBOUND_ALLOW_HOSTS).
  hosts)
    for m in "${member_clusters[@]}"; do
      printf '127.0.0.1:%s\n127.0.0.1:%s\n' "$(prometheus_port "$m")" "$(alertmanager_port "$m")"
    done | paste -sd, -
    ;;
  address)
    [ -n "${member_slot[${2:-}]:-}" ] || die "usage: monitoring.sh address member-a|member-b prometheus|alertmanager"
    case "${3:-}" in
      prometheus) echo "http://127.0.0.1:$(prometheus_port "$2")" ;;
      alertmanager) echo "http://127.0.0.1:$(alertmanager_port "$2")" ;;
      *) die "usage: monitoring.sh address <member> prometheus|alertmanager" ;;
    esac
    ;;
  *) die "usage: monitoring.sh start|stop|status|hosts|address <member> prometheus|alertmanager" ;;
esac
