#!/usr/bin/env bash
# What the real nodes change on this machine, recorded before they start and compared after they
# stop, so `make down` provably leaves the machine as it found it.
#   host-state.sh snapshot   record the machine (only when no snapshot is kept yet)
#   host-state.sh restore    put back sysctls, remove KUBE-*/CNI-* iptables rules and chains and
#                            the nftables tables that were not there before
#   host-state.sh check      exit 1 and print every difference from the snapshot
#   host-state.sh forget     drop the snapshot (after a clean check)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

# Paths the kubelet, containerd, CNI plugins and kube-proxy may create outside the node's roots.
watched_paths=(/var/lib/kubelet /var/log/containers /var/log/pods /run/containerd /var/lib/containerd
  /var/lib/cni /opt/cni /opt/containerd /run/netns /var/run/nri /etc/nri /opt/nri /etc/cdi /var/run/cdi
  /etc/containerd /etc/kubernetes /var/lib/kube-proxy "$node_var" "$node_run")
# Sysctls the nodes write: kubelet's kernel tunables, ip_forward (CNI bridge), kube-proxy's
# conntrack and route_localnet settings. `check` compares all sysctls, `restore` writes these.
restored_sysctls=(vm.overcommit_memory vm.panic_on_oom kernel.panic kernel.panic_on_oops
  kernel.keys.root_maxkeys kernel.keys.root_maxbytes net.ipv4.ip_forward net.ipv4.conf.all.forwarding
  net.ipv4.conf.default.forwarding net.ipv6.conf.all.forwarding net.ipv4.conf.all.route_localnet
  net.bridge.bridge-nf-call-iptables net.bridge.bridge-nf-call-ip6tables net.netfilter.nf_conntrack_max
  net.netfilter.nf_conntrack_tcp_timeout_established net.netfilter.nf_conntrack_tcp_timeout_close_wait
  net.netfilter.nf_conntrack_tcp_be_liberal)
# Counters and random values that change on their own.
volatile_sysctls='^(fs\.(dentry-state|file-nr|inode-nr|inode-state|aio-nr|quota\.[a-z_]+)|kernel\.(ns_last_pid|random\.[a-z_]+|pty\.nr)|net\.netfilter\.nf_conntrack_count) '

record() { # dir
  local dir=$1
  mkdir -p "$dir"
  sysctl -a 2>/dev/null | grep -Ev "$volatile_sysctls" | sort >"$dir/sysctl.txt"
  # Not podman's and buildah's storage (`make image` may run beside the nodes): its overlay
  # mount stays until reboot by design and is none of the nodes' doing.
  awk '{print $5, $(NF-2)}' /proc/self/mountinfo | grep -Ev '^/(var/lib|run)/containers/' | sort >"$dir/mounts.txt"
  ip -o link show | awk -F': ' '{print $2}' | sed 's/@.*//' | sort >"$dir/links.txt"
  # Not the monitors' relay address (hack/testbed/monitor-services.sh): the test bed's, not the
  # nodes', and removed by its own down.sh.
  ip -o addr show | awk '{print $2, $3, $4}' | grep -vF " $monitor_service_ip/" | sort >"$dir/addresses.txt"
  ip route show table all | grep -vwF "$monitor_service_ip" | sort >"$dir/routes.txt"
  nft -s list ruleset >"$dir/nftables.txt"
  find /sys/fs/cgroup -mindepth 2 -maxdepth 2 -type d | sort >"$dir/cgroups.txt"
  local p
  for p in "${watched_paths[@]}"; do [ -e "$p" ] && echo "$p"; done >"$dir/paths.txt" || true
}

# Processes started from the node binaries, holding the node's roots or living in the kubelets'
# cgroup roots (the pods' own processes, whose paths are those of their containers), on the
# whole machine.
node_processes() {
  local bin pid exe cmd in_pods
  bin=$("$testbed_dir/build.sh" --print-node)
  in_pods=$(pod_cgroup_pids)
  for pid in $(ls /proc | grep -E '^[0-9]+$'); do
    exe=$(readlink "/proc/$pid/exe" 2>/dev/null) || continue
    cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || continue
    if [[ $exe == "$bin"/* || $cmd == *"$node_run"* || $cmd == *"$node_var"* ||
      ($exe == */socat && $cmd == *"bind=$node_host_ip"*) || " $in_pods " == *" $pid "* ]]; then
      echo "$pid $cmd"
    fi
  done
}

pod_cgroup_pids() {
  local cluster hierarchy dir
  for cluster in "${node_clusters[@]}"; do
    for hierarchy in $(cgroup_hierarchies); do
      dir="$hierarchy$(cgroup_root_of "$cluster")"
      [ -d "$dir" ] && find "$dir" -name cgroup.procs -exec cat {} + 2>/dev/null
    done
  done | sort -u | tr '\n' ' '
}

tables_of() { nft -s list tables 2>/dev/null | sed 's/^table //' | sort; }

remove_iptables_rules() { # iptables | ip6tables
  local cmd=$1 table line chain
  command -v "$cmd-save" >/dev/null || return 0
  for table in filter nat mangle raw; do
    "$cmd" -w -t "$table" -S >/dev/null 2>&1 || continue
    # Rules that jump to a node chain, in any chain, then the node chains themselves.
    while IFS= read -r line; do
      # shellcheck disable=SC2086 # the rule's words are the arguments of -D
      "$cmd" -w -t "$table" ${line/-A /-D } 2>/dev/null || true
    done < <("$cmd" -w -t "$table" -S | grep -E '^-A .* -j (KUBE-|CNI-)' || true)
    for chain in $("$cmd" -w -t "$table" -S | awk '/^-N (KUBE-|CNI-)/ {print $2}'); do
      "$cmd" -w -t "$table" -F "$chain" 2>/dev/null || true
    done
    for chain in $("$cmd" -w -t "$table" -S | awk '/^-N (KUBE-|CNI-)/ {print $2}'); do
      "$cmd" -w -t "$table" -X "$chain" 2>/dev/null || true
    done
  done
}

case "${1:-}" in
  snapshot)
    if [ -s "$host_before/sysctl.txt" ]; then
      log "node: keeping the host snapshot of $(stat -c %y "$host_before/sysctl.txt" | cut -d. -f1)"
    else
      record "$host_before"
      log "node: recorded the host in $host_before"
    fi
    ;;
  restore)
    [ -s "$host_before/sysctl.txt" ] || { log "node: no host snapshot; nothing to restore"; exit 0; }
    for key in "${restored_sysctls[@]}"; do
      before=$(grep -m1 "^$key = " "$host_before/sysctl.txt" | sed "s/^$key = //") || continue
      now=$(sysctl -n "$key" 2>/dev/null | tr '\t' ' ') || continue
      [ "$now" = "$(tr '\t' ' ' <<<"$before")" ] && continue
      sysctl -qw "$key=$before" && log "node: restored $key = $before (was $now)"
    done
    remove_iptables_rules iptables
    remove_iptables_rules ip6tables
    while read -r family name; do
      grep -qx "table $family $name" <(sed -n 's/^\(table [a-z0-9]* [^ ]*\) {$/\1/p' "$host_before/nftables.txt") ||
        { nft delete table "$family" "$name" && log "node: deleted nftables table $family $name"; }
    done < <(tables_of)
    ;;
  check)
    [ -s "$host_before/sysctl.txt" ] || die "no host snapshot in $host_before (the nodes never started here)"
    now="$node_conf/host-after"
    rm -rf "$now"
    record "$now"
    dirty=0
    for f in sysctl mounts links addresses routes nftables cgroups paths; do
      if ! diff -u "$host_before/$f.txt" "$now/$f.txt" >"$now/$f.diff"; then
        dirty=1
        printf '[node] %s differs from before the nodes started:\n' "$f" >&2
        sed -n '3,40p' "$now/$f.diff" >&2
      fi
    done
    procs=$(node_processes)
    if [ -n "$procs" ]; then dirty=1; printf '[node] node processes still running:\n%s\n' "$procs" >&2; fi
    [ "$dirty" = 0 ] || exit 1
    log "node: the machine is as it was before the nodes started (sysctls, mounts, links, addresses, routes, nftables, cgroups, paths, processes)"
    ;;
  forget) rm -rf "$host_state_dir" "$node_conf/host-after" ;;
  processes) node_processes ;;
  *) die "usage: host-state.sh snapshot|restore|check|forget|processes" ;;
esac
