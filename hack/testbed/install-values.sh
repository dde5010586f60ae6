#!/usr/bin/env bash
# Prepares the hub for a real `helm install` of charts/nimbus on the hub's real node and prints
# the path of a values file for it (used by `make install-helm` and the install test tier):
#   - a StorageClass "nimbus-testbed-local" and local PersistentVolumes on the real node for the
#     StatefulSet's audit volumes (the test bed has no volume provisioner), their directories
#     owned by the image's user 65532;
#   - values: pods pinned to the real node, those volumes, and (when given) the image from the
#     test-bed registry; without one the chart's own default stands, as in a released chart.
# Usage: install-values.sh [image reference, e.g. 127.0.0.1:16485/nimbus:0.1.0-abc]
set -euo pipefail
source "$(dirname "$0")/node/lib.sh"
image=${1:-}
kubectl="$("$testbed_dir/build.sh" --print-only)/kubectl"
kc=$(kubeconfig_of "$hub_cluster")
node=$(node_name_of "$hub_cluster")
storage_class=nimbus-testbed-local
volumes=4
"$kubectl" --kubeconfig "$kc" get node "$node" >/dev/null 2>&1 || die "the hub's real node $node is not up (make testbed-up as root)"

objects=$(
  cat <<YAML
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: $storage_class
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
reclaimPolicy: Retain
YAML
  for i in $(seq 0 $((volumes - 1))); do
    dir="$(var_of "$hub_cluster")/volumes/audit-$i"
    # Made again after the node's directories were removed (make down); the PV outlives them.
    mkdir -p "$dir" && chown 65532:65532 "$dir" && chmod 0750 "$dir"
    cat <<YAML
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: nimbus-testbed-audit-$i
  labels: {nimbus.io/testbed: audit}
spec:
  capacity: {storage: 1Gi}
  accessModes: [ReadWriteOnce]
  persistentVolumeReclaimPolicy: Retain
  storageClassName: $storage_class
  local: {path: $dir}
  nodeAffinity:
    required:
      nodeSelectorTerms:
        - matchExpressions:
            - {key: kubernetes.io/hostname, operator: In, values: [$node]}
YAML
  done
)
"$kubectl" --kubeconfig "$kc" apply -f - <<<"$objects" >/dev/null
# A volume whose claim is gone (uninstall, then the claim deleted) is made available again.
for pv in $("$kubectl" --kubeconfig "$kc" get pv -l nimbus.io/testbed=audit \
  -o jsonpath='{range .items[?(@.status.phase=="Released")]}{.metadata.name}{"\n"}{end}'); do
  "$kubectl" --kubeconfig "$kc" patch pv "$pv" --type=json -p '[{"op":"remove","path":"/spec/claimRef"}]' >/dev/null
done

values="$state_dir/install-values.yaml"
{
  echo "# Written by hack/testbed/install-values.sh: charts/nimbus on the test bed's real hub node."
  if [ -n "$image" ]; then
    # Pinned by digest: a rebuilt image under the same tag (uncommitted changes) is pulled again.
    digest=$(skopeo inspect --tls-verify=false --format '{{.Digest}}' "docker://$image")
    printf 'image:\n  repository: %s\n  tag: %s\n  digest: %s\n  pullPolicy: IfNotPresent\n' \
      "${image%:*}" "${image##*:}" "$digest"
  fi
} >"$values"
cat >>"$values" <<YAML
replicaCount: 2
nodeSelector:
  nimbus.io/real-node: "true"
audit:
  storageClassName: $storage_class
  storageSize: 1Gi
# Member API servers are reached through the node address (docs/testbed.md "Real nodes").
clusters:
  probeIntervalMs: 2000
YAML
echo "$values"
