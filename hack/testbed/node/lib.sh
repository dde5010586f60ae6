# Settings of the test bed's real nodes (containerd + kubelet, and kube-proxy in the hub);
# sourced by the scripts beside it. See docs/testbed.md "Real nodes".
# shellcheck shell=bash
node_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$node_dir/../lib.sh"

# One set of real nodes per machine: kube-proxy owns the machine-wide KUBE-* iptables chains, so
# a second set would fight over them. The checkout that starts the nodes owns them until down.
node_var=/var/lib/nimbus-node
node_run=/run/nimbus-node
owner_file="$node_run/owner"
# This checkout's rendered configuration, certificates and logs.
node_conf="$state_dir/node"
# The machine as it was before any real nodes ran, kept on the machine rather than in a checkout:
# nodes killed with their checkout (or whose checkout is gone) are cleared by the next start from
# any checkout, which then still knows what to put back (docs/testbed.md "A killed run").
host_state_dir=/var/lib/nimbus-node-host
host_before="$host_state_dir/before"

# Clusters with a real node, in start order; the hub's also runs kube-proxy (Services).
node_clusters=("$hub_cluster" "member-a")

declare -A node_bridge=([nimbus-hub]=nimbus-hub0 [member-a]=nimbus-mema0)

# Pods: 10.243.<index>.0/24 per node, inside the cluster CIDR kube-proxy masquerades for.
node_pod_net=${NIMBUS_NODE_POD_NET:-10.243}
cluster_cidr="$node_pod_net.0.0/16"

node_name_of() { echo "$1-real-node"; }
pod_cidr_of() { echo "$node_pod_net.${cluster_index[$1]}.0/24"; }
kubelet_port_of() { echo $((10250 + 10 * ${cluster_index[$1]})); }
kubelet_healthz_port_of() { echo $((10248 + 10 * ${cluster_index[$1]})); }
# cgroupfs driver: each kubelet's pods live under its own root in every hierarchy.
cgroup_root_of() { echo "/nimbus-node-$1"; }
var_of() { echo "$node_var/$1"; }
run_of() { echo "$node_run/$1"; }
conf_of() { echo "$node_conf/$1"; }
containerd_socket_of() { echo "$node_run/$1/containerd.sock"; }
pki_of() { echo "$KWOK_WORKDIR/clusters/$1/pki"; }
registry_address() { echo "127.0.0.1:$registry_port"; }
node_bin() { "$testbed_dir/build.sh" --node; }
# Tagged with the pause binary's digest: a rebuilt binary is a new image.
pause_image() { echo "$(registry_address)/testbed/pause:$(sha256sum "$(node_bin)/pause" | cut -c1-12)"; }

# Every cgroup hierarchy mounted on this machine (v1 controllers and the unified one).
cgroup_hierarchies() { find /sys/fs/cgroup -mindepth 1 -maxdepth 1 -type d | sort; }

# The pids of a node daemon (kubelet, containerd, kube-proxy) running from the nodes' binaries,
# whichever checkout started it: its pid file may be gone or stale.
daemon_pids() { # binary name
  local exe pid
  exe="$("$testbed_dir/build.sh" --print-node)/$1"
  for pid in $(ls /proc | grep -E '^[0-9]+$'); do
    [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$exe" ] && echo "$pid"
  done
  return 0
}
# Whether any node runs: a kubelet or a containerd. Shims, pods and relays alone are leftovers.
nodes_alive() { [ -n "$(daemon_pids kubelet)$(daemon_pids containerd)" ]; }
# Whether the node address is on lo. Not `ip | grep -q`: grep's early exit can end ip with
# SIGPIPE, and pipefail then reads a present address as absent (it was left behind once).
has_node_address() { [[ "$(ip -o addr show dev lo)" == *" $node_host_ip/32 "* ]]; }

# Background processes of the nodes: one pid file per process in this checkout's state.
# A pid file holds the pid and the program's name: a killed run's pid files outlive their
# processes (and a reboot), and the pid may by now be another program's.
pid_file_of() { echo "$node_conf/pids/$1.pid"; }
pid_of() { # name: the pid of its process if that still runs the program it was started as
  local f pid program
  f=$(pid_file_of "$1")
  [ -f "$f" ] || return 1
  read -r pid program <"$f" || true
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  [ "$(basename "$(readlink "/proc/$pid/exe" 2>/dev/null)")" = "$program" ] || return 1
  echo "$pid"
}
running() { pid_of "$1" >/dev/null; }
start_process() { # name log command...
  local name=$1 log_file=$2
  shift 2
  mkdir -p "$node_conf/pids" "$(dirname "$log_file")"
  setsid "$@" >>"$log_file" 2>&1 </dev/null &
  echo "$! $(basename "$(command -v "$1")")" >"$(pid_file_of "$name")"
}
stop_process() { # name [seconds before SIGKILL]
  local name=$1 wait=${2:-20} f pid
  f=$(pid_file_of "$name")
  [ -f "$f" ] || return 0
  if pid=$(pid_of "$name"); then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq $((wait * 10))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { log "$name: still running after ${wait}s; SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; }
  fi
  rm -f "$f"
}
