#!/usr/bin/env bash
# Writes one node's configuration into .cache/testbed/node/<cluster>/: containerd, the CNI
# bridge, the registry hosts, the kubelet and (hub only) kube-proxy. Every path points under the
# node's own roots, so nothing lands in /etc, /opt or the default /var/lib directories.
# Usage: render.sh <cluster>
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cluster=${1:?cluster}
conf=$(conf_of "$cluster")
var=$(var_of "$cluster")
run=$(run_of "$cluster")
node=$(node_name_of "$cluster")
mkdir -p "$conf/cni" "$conf/certs.d/$(registry_address)"

# The test-bed registry is plain HTTP on loopback.
cat >"$conf/certs.d/$(registry_address)/hosts.toml" <<TOML
server = "http://$(registry_address)"

[host."http://$(registry_address)"]
  capabilities = ["pull", "resolve"]
TOML

# restrict_oom_score_adj: root here lacks CAP_SYS_RESOURCE, and runc init fails ("can't get
# final child's PID from pipe") when asked to lower a score. NRI and CDI are off: they would
# create /var/run/nri and watch /etc/cdi.
cat >"$conf/containerd.toml" <<TOML
version = 3
root = '$var/containerd'
state = '$run/containerd'
imports = []

[grpc]
  address = '$(containerd_socket_of "$cluster")'

[plugins]
  [plugins.'io.containerd.cri.v1.images']
    snapshotter = 'overlayfs'
    [plugins.'io.containerd.cri.v1.images'.pinned_images]
      sandbox = '$(pause_image)'
    [plugins.'io.containerd.cri.v1.images'.registry]
      config_path = '$conf/certs.d'

  [plugins.'io.containerd.cri.v1.runtime']
    restrict_oom_score_adj = true
    netns_mounts_under_state_dir = true
    enable_cdi = false
    cdi_spec_dirs = []
    [plugins.'io.containerd.cri.v1.runtime'.containerd]
      default_runtime_name = 'runc'
      [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc]
        runtime_type = 'io.containerd.runc.v2'
        [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc.options]
          BinaryName = '$(command -v runc)'
          Root = '$run/runc'
          SystemdCgroup = false
    [plugins.'io.containerd.cri.v1.runtime'.cni]
      bin_dirs = ['/usr/lib/cni']
      conf_dir = '$conf/cni'

  [plugins.'io.containerd.grpc.v1.cri']
    stream_server_address = '127.0.0.1'
    stream_server_port = '0'

  [plugins.'io.containerd.internal.v1.opt']
    path = '$var/opt'

  [plugins.'io.containerd.nri.v1.nri']
    disable = true
TOML

# Debian's bridge and host-local plugins. No ipMasq: pods only talk to the machine and each other.
cat >"$conf/cni/10-nimbus.conflist" <<JSON
{
  "cniVersion": "1.0.0",
  "name": "nimbus-$cluster",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "${node_bridge[$cluster]}",
      "isGateway": true,
      "ipMasq": false,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "dataDir": "$var/cni-ipam",
        "ranges": [[{ "subnet": "$(pod_cidr_of "$cluster")" }]],
        "routes": [{ "dst": "0.0.0.0/0" }]
      }
    },
    { "type": "loopback" }
  ]
}
JSON

# The member's node is tainted: the simulated nodes keep the sample workloads.
taints=""
[ "$cluster" = "$hub_cluster" ] || taints=$'registerWithTaints:\n  - key: nimbus.io/real-node\n    effect: NoSchedule'
pki="$conf/pki"
cat >"$conf/kubelet.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $node_host_ip
port: $(kubelet_port_of "$cluster")
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: $(kubelet_healthz_port_of "$cluster")
tlsCertFile: $pki/kubelet-serving.crt
tlsPrivateKeyFile: $pki/kubelet-serving.key
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $(pki_of "$cluster")/ca.crt}
authorization: {mode: Webhook}
containerRuntimeEndpoint: unix://$(containerd_socket_of "$cluster")
# Hybrid cgroups (v1 controllers plus an empty unified mount), no systemd, no swap.
cgroupDriver: cgroupfs
cgroupRoot: $(cgroup_root_of "$cluster")
failCgroupV1: false
failSwapOn: false
podLogsDir: $var/pod-logs
resolvConf: /etc/resolv.conf
# A shared development machine: do not evict pods for the other users' disk and memory use.
evictionHard: {memory.available: 50Mi, nodefs.available: 1%, imagefs.available: 1%, nodefs.inodesFree: 1%}
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
serializeImagePulls: false
maxPods: 30
$taints
YAML

if [ "$cluster" = "$hub_cluster" ]; then
  # iptables mode; conntrack sysctls left alone (0 = do not set), no localhost NodePorts (they
  # would set route_localnet), health and metrics on loopback. Replaced only when it changes: a
  # running kube-proxy exits when its configuration file is written (a second `up` would stop it).
  cat >"$conf/kube-proxy.yaml.new" <<YAML
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: iptables
hostnameOverride: $node
clusterCIDR: $cluster_cidr
clientConnection:
  kubeconfig: $pki/kube-proxy.kubeconfig
healthzBindAddress: 127.0.0.1:10256
metricsBindAddress: 127.0.0.1:10249
nodePortAddresses: ["$node_host_ip/32"]
conntrack:
  maxPerCore: 0
  min: 0
  tcpEstablishedTimeout: 0s
  tcpCloseWaitTimeout: 0s
iptables:
  localhostNodePorts: false
  masqueradeAll: false
  syncPeriod: 30s
  minSyncPeriod: 1s
YAML
  if cmp -s "$conf/kube-proxy.yaml.new" "$conf/kube-proxy.yaml"; then
    rm "$conf/kube-proxy.yaml.new"
  else
    mv "$conf/kube-proxy.yaml.new" "$conf/kube-proxy.yaml"
  fi
fi
