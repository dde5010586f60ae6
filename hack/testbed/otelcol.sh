#!/usr/bin/env bash
# The test bed's OTLP receiver: an OpenTelemetry Collector built from the Go module proxy
# (build.sh --otelcol), writing every span it receives as OTLP JSON lines to
# .cache/testbed/otelcol/traces.jsonl, which the tracing test reads. Loopback only.
# Usage: otelcol.sh start|stop|status|endpoint|file
#   endpoint: the OTLP/HTTP base URL for OTEL_EXPORTER_OTLP_ENDPOINT (port base + 32);
#   OTLP/gRPC listens on port base + 33, the collector's own metrics on base + 34.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

dir="$state_dir/otelcol"
pid_file="$dir/otelcol.pid"
traces="$dir/traces.jsonl"
http_address="127.0.0.1:$otlp_http_port"

running() { [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; }
# The OTLP/HTTP receiver answers 405 to a GET on its traces path: it is listening.
answers() {
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://$http_address/v1/traces" || true)
  [ "$code" = 405 ]
}

case "${1:-}" in
  start)
    if running && answers; then log "otelcol: already running on $http_address (reused)"; exit 0; fi
    bin=$("$testbed_dir/build.sh" --print-otelcol)
    [ -x "$bin/otelcol" ] || die "otelcol is not built (hack/testbed/build.sh --otelcol)"
    mkdir -p "$dir"
    cat >"$dir/config.yaml" <<YAML
receivers:
  otlp:
    protocols:
      http:
        endpoint: $http_address
      grpc:
        endpoint: 127.0.0.1:$otlp_grpc_port
exporters:
  file:
    path: $traces
    format: json
    flush_interval: 1s
service:
  telemetry:
    logs:
      level: warn
    metrics:
      level: basic
      readers:
        - pull:
            exporter:
              prometheus:
                host: 127.0.0.1
                port: $otelcol_metrics_port
  pipelines:
    traces:
      receivers: [otlp]
      exporters: [file]
YAML
    setsid "$bin/otelcol" --config "file:$dir/config.yaml" >"$dir/otelcol.log" 2>&1 </dev/null &
    echo $! >"$pid_file"
    for _ in $(seq 100); do answers && break; sleep 0.2; done
    answers || { tail -20 "$dir/otelcol.log" >&2; die "otelcol did not answer on $http_address"; }
    log "otelcol: OTLP on $http_address (HTTP) and 127.0.0.1:$otlp_grpc_port (gRPC), spans to $traces"
    ;;
  stop) stop_pid_file "$pid_file" "otelcol" ;;
  status)
    if running && answers; then echo "otelcol: ready ($http_address)"; else echo "otelcol: down"; exit 1; fi
    ;;
  endpoint) echo "http://$http_address" ;;
  file) echo "$traces" ;;
  *) die "usage: otelcol.sh start|stop|status|endpoint|file" ;;
esac
