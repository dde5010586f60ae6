#!/usr/bin/env bash
# Runs the operator as a local process against the test-bed hub.
# Usage: operator.sh start|stop|status [instance-name] [port]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
action=${1:?start|stop|status}
name=${2:-dev}
port=${3:-8080}
run_dir="$root/.cache/operator/$name"
pid_file="$run_dir/pid"
log_file="$run_dir/operator.log"
# /metrics has its own port (NIMBUS_METRICS_PORT); by default any free one, written here once up.
metrics_url_file="$run_dir/metrics-url"
# Replicas of one installation share a key, as the chart's share its Secret: the caller names the
# file (tests/support/shared-store.ts); otherwise each instance keeps its own.
key_file="${NIMBUS_SESSION_KEY_FILE:-$run_dir/session-key}"
namespace=nimbus-system
kubeconfig="$root/.cache/testbed/nimbus-hub.kubeconfig"
url="http://127.0.0.1:$port"
# A second build (e.g. a work-in-progress tree compiled elsewhere) may be run instead of dist.
main_js=${NIMBUS_OPERATOR_MAIN:-$root/operator/dist/main.js}
# The entry point beside it checks the Node.js version before loading main.js.
start_js="$(dirname "$main_js")/start.js"
[ -f "$start_js" ] || start_js=$main_js
# Where this start's output begins in the (appended) log.
log_offset=0
mkdir -p "$run_dir"

log() { printf '[operator] %s\n' "$*" >&2; }
running_pid() { [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null && cat "$pid_file"; }
ready() { curl -fsS --max-time 2 "$url/readyz" >/dev/null 2>&1; }

# The session signing key has no default (the Helm chart generates one at install); a local
# instance keeps its file, so sessions survive restarts.
ensure_session_key() {
  if [ ! -s "$key_file" ]; then
    # 48 random bytes are exactly 64 base64url characters.
    (umask 077 && node -e 'process.stdout.write(require("crypto").randomBytes(48).toString("base64url"))' >"$key_file")
    log "generated the session key $key_file"
  fi
  chmod 600 "$key_file"
}

# Credentials Secrets and rate-limit Leases live in the operator namespace of the hub.
ensure_namespace() {
  local kubectl
  kubectl="$("$root/hack/testbed/build.sh")/kubectl"
  "$kubectl" --kubeconfig "$kubeconfig" get namespace "$namespace" >/dev/null 2>&1 ||
    "$kubectl" --kubeconfig "$kubeconfig" create namespace "$namespace" >/dev/null ||
    { log "cannot create namespace $namespace in the hub: is the test bed up (make testbed-up)?"; exit 1; }
}

# Printed by `make up`: the first start creates the admin and puts its generated password into
# the initial-admin Secret (never into the log); it is shown once, on the start that created it.
initial_admin_secret=${NIMBUS_INITIAL_ADMIN_SECRET:-nimbus-initial-admin}
print_bootstrap_password() {
  local kubectl password
  # Only this start's part of the log (it is appended to).
  # grep -c reads to the end: grep -q's early exit could end tail with SIGPIPE, failing the pipe.
  tail -c +"$((log_offset + 1))" "$log_file" 2>/dev/null | grep -c '"msg":"bootstrap admin created' >/dev/null || return 0
  kubectl="$("$root/hack/testbed/build.sh")/kubectl"
  password=$("$kubectl" --kubeconfig "$kubeconfig" -n "$namespace" get secret "$initial_admin_secret" \
    -o jsonpath='{.data.password}' 2>/dev/null | base64 -d) || return 0
  [ -n "$password" ] || return 0
  printf '\n  bootstrap admin password: %s (user admin; change it at first sign-in)\n' "$password" >&2
  printf '  (kept in Secret %s/%s until then)\n' "$namespace" "$initial_admin_secret" >&2
}

# The test bed's API servers and private registry listen on loopback, which the SSRF policy
# refuses unless listed: the servers named in the test bed's kubeconfigs (or the default ports
# when it is not up yet) and the private registry's port.
outbound_allow_hosts() {
  local hosts file base
  hosts=$(for file in "$root"/.cache/testbed/{nimbus-hub,member-a,member-b}.kubeconfig; do
    [ -f "$file" ] && sed -n 's#^ *server: https\?://\([^/]*\).*#\1#p' "$file"
  done | sort -u | paste -sd, -)
  if [ -z "$hosts" ]; then
    base=${NIMBUS_TESTBED_PORT_BASE:-16440}
    hosts="127.0.0.1:$base,127.0.0.1:$((base + 1)),127.0.0.1:$((base + 2))"
  fi
  # The test bed's Prometheus and Alertmanager (plain http on loopback), registered as monitors.
  # base+30/+31: the SMTP server and the receiver fakes the alarm tests start (tests/integration/alarms.test.ts).
  # base+5: the plain-HTTP registry, the app store's OCI chart source (docs/testbed.md).
  # base+6: the private image registry (hack/testbed/secure-registry.sh), for the registry features.
  # base+40, base+41: the listeners standing for an attacker's server (tests/support/credential-capture.ts).
  # base+20: the OpenID provider (hack/testbed/oidc.sh); base+21: the forging issuer of
  # tests/integration/single-sign-on-forgery.test.ts.
  # base+43: the chart icon host of tests/e2e/appstore.test.ts.
  base=${NIMBUS_TESTBED_PORT_BASE:-16440}
  printf '%s,%s,127.0.0.1:%s,127.0.0.1:%s,127.0.0.1:%s,127.0.0.1:%s,127.0.0.1:%s,127.0.0.1:%s,127.0.0.1:%s,127.0.0.1:%s,127.0.0.1:%s' "$hosts" \
    "$("$root/hack/testbed/monitoring.sh" hosts)" "$((base + 30))" "$((base + 31))" "$((base + 5))" "$((base + 6))" \
    "$((base + 40))" "$((base + 41))" "$((base + 20))" "$((base + 21))" "$((base + 43))"
}

# The operator under test reads Docker Hub's catalogue from the stand-in the image picker's
# journey starts on base+42 (tests/support/docker-hub-fake.ts); the others keep the real one.
vendor_env() {
  [ "$name" = test ] || return 0
  printf '%s\n' "NIMBUS_DOCKERHUB_ENDPOINT=http://127.0.0.1:$((${NIMBUS_TESTBED_PORT_BASE:-16440} + 42))"
}

# The app store's helm: the test bed's pinned build.
helm_path() {
  local bin=${NIMBUS_TESTBED_BIN:-}
  [ -n "$bin" ] || bin=$("$root/hack/testbed/build.sh" 2>/dev/null) || bin=
  if [ -x "$bin/helm" ]; then printf '%s' "$bin/helm"; else printf 'helm'; fi
}

# Tracing on when the test bed's OTLP receiver runs (hack/testbed/otelcol.sh): the standard
# variables, a short batch delay so the tracing test reads its spans soon after the calls.
tracing_env() {
  "$root/hack/testbed/otelcol.sh" status >/dev/null 2>&1 || return 0
  printf '%s\n' "OTEL_EXPORTER_OTLP_ENDPOINT=$("$root/hack/testbed/otelcol.sh" endpoint)" \
    "OTEL_SERVICE_NAME=nimbus-operator-$name" "OTEL_BSP_SCHEDULE_DELAY=500"
}

# The metrics listener logs its URL before the API answers ready; tests read the file.
record_metrics_url() {
  local line
  line=$(tail -c +"$((log_offset + 1))" "$log_file" | grep '"msg":"metrics listening"' | tail -1) || true
  line=$(printf '%s' "$line" | grep -o '"url":"[^"]*"' | head -1) || true
  line=${line#\"url\":\"}
  printf '%s\n' "${line%\"}" >"$metrics_url_file"
}

# The test operator checks every response against the contract, so drift fails the test tiers.
contract_check() {
  [ "$name" = test ] && printf strict || true
}

stop() {
  local pid
  if pid=$(running_pid); then
    log "stopping $name (pid $pid)"
    kill -TERM "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && { log "forcing stop"; kill -KILL "$pid"; }
  fi
  rm -f "$pid_file" "$metrics_url_file"
}

start() {
  local pid
  if pid=$(running_pid); then
    if [ "$main_js" -ot "$pid_file" ] && [ "$root/console/dist/index.html" -ot "$pid_file" ] && ready; then
      log "$name already serving $url (pid $pid, reused)"
      return
    fi
    log "$name runs an older build; restarting"
    stop
  fi
  ensure_session_key
  ensure_namespace
  log_offset=$(stat -c %s "$log_file" 2>/dev/null || echo 0)
  local tracing vendors
  mapfile -t tracing < <(tracing_env)
  mapfile -t vendors < <(vendor_env)
  # A local operator is the only replica, on a machine the test bed and the tests load heavily:
  # a longer Lease than the chart's 15 s/10 s, so a stalled renewal does not end its leadership
  # (and the process) in the middle of a test tier.
  KUBECONFIG="$kubeconfig" \
    NIMBUS_PORT="$port" NIMBUS_METRICS_PORT="${NIMBUS_METRICS_PORT:-0}" NIMBUS_LISTEN_ADDR=127.0.0.1 \
    NIMBUS_SESSION_KEY_FILE="$key_file" NIMBUS_NAMESPACE="$namespace" \
    NIMBUS_INITIAL_ADMIN_SECRET="$initial_admin_secret" \
    NIMBUS_MFA_ENABLED="${NIMBUS_MFA_ENABLED:-false}" \
    NIMBUS_CONTRACT_CHECK="${NIMBUS_CONTRACT_CHECK:-$(contract_check)}" \
    NIMBUS_ALARM_INTERVAL_MS="${NIMBUS_ALARM_INTERVAL_MS:-$([ "$name" = test ] && echo 3000 || echo 15000)}" \
    NIMBUS_COST_SAMPLE_SECONDS="${NIMBUS_COST_SAMPLE_SECONDS:-$([ "$name" = test ] && echo 5 || echo 600)}" \
    NIMBUS_LEADER_LEASE_SECONDS="${NIMBUS_LEADER_LEASE_SECONDS:-40}" \
    NIMBUS_LEADER_RENEW_DEADLINE_SECONDS="${NIMBUS_LEADER_RENEW_DEADLINE_SECONDS:-30}" \
    NIMBUS_OUTBOUND_ALLOW_HOSTS="${NIMBUS_OUTBOUND_ALLOW_HOSTS:-$(outbound_allow_hosts)}" \
    NIMBUS_HELM_PATH="${NIMBUS_HELM_PATH:-$(helm_path)}" \
    NIMBUS_CONSOLE_DIR="$root/console/dist" NIMBUS_DATA_DIR="$run_dir/data" \
    setsid nohup env "${tracing[@]}" "${vendors[@]}" node "$start_js" >>"$log_file" 2>&1 </dev/null &
  echo $! >"$pid_file"
  log "$name starting on $url (pid $!, log $log_file)"
  for _ in $(seq 1 120); do
    ready && { record_metrics_url; log "$name ready (metrics: $(cat "$metrics_url_file"))"; return; }
    kill -0 "$(cat "$pid_file")" 2>/dev/null || { tail -20 "$log_file" >&2; log "$name exited"; exit 1; }
    sleep 0.5
  done
  tail -20 "$log_file" >&2
  log "$name did not become ready within 60s"
  exit 1
}

case "$action" in
  start)
    start
    if [ "$name" = dev ]; then
      print_bootstrap_password
      cat >&2 <<MSG

  Nimbus console: $url
  Operator log:   $log_file
  Metrics:        $(cat "$metrics_url_file")/metrics
  Hub kubeconfig: $root/.cache/testbed/nimbus-hub.kubeconfig
  Stop everything with: make down

MSG
    fi
    ;;
  stop) stop ;;
  status) if running_pid >/dev/null && ready; then echo "running $url"; else echo "stopped"; exit 1; fi ;;
  *) echo "unknown action $action" >&2; exit 2 ;;
esac
