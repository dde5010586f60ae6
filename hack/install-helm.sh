#!/usr/bin/env bash
# `make install-helm`: the real install. Builds and pushes the image, then `helm upgrade --install`s
# charts/nimbus into the test-bed hub so the operator pods run on the hub's real node (two
# replicas), and prints how to reach the console through its Service. `make up` stays the quick
# way (the operator as a local process); this stops that local operator, as both would compete
# for the leader Lease. Extra arguments go to helm (e.g. --set logLevel=debug).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
log() { printf '[install] %s\n' "$*" >&2; }
[ "$(id -u)" -eq 0 ] || { log "the real node needs root"; exit 1; }
release=nimbus
namespace=nimbus-system
port=${NIMBUS_PORT:-8080}

NIMBUS_TESTBED_NODE=1 hack/testbed/up.sh
hack/testbed/node/status.sh >/dev/null || { log "the real node is not Ready (hack/testbed/node/status.sh)"; exit 1; }
hack/operator.sh stop dev "$port"
image=$(hack/image/build.sh)
values=$(hack/testbed/install-values.sh "$image")
bin=$(hack/testbed/build.sh)
kc="$root/.cache/testbed/nimbus-hub.kubeconfig"
export HELM_CACHE_HOME="$root/.cache/helm/cache" HELM_CONFIG_HOME="$root/.cache/helm/config" HELM_DATA_HOME="$root/.cache/helm/data"

log "helm upgrade --install $release ($image)"
"$bin/helm" --kubeconfig "$kc" upgrade --install "$release" charts/nimbus --namespace "$namespace" \
  --create-namespace --values "$values" --wait --timeout 5m "$@" >/dev/null
"$bin/kubectl" --kubeconfig "$kc" -n "$namespace" get pods -l "app.kubernetes.io/instance=$release" -o wide >&2
service_ip=$("$bin/kubectl" --kubeconfig "$kc" -n "$namespace" get service "$release" -o jsonpath='{.spec.clusterIP}')
service_port=$("$bin/kubectl" --kubeconfig "$kc" -n "$namespace" get service "$release" -o jsonpath='{.spec.ports[0].port}')
password=$("$bin/kubectl" --kubeconfig "$kc" -n "$namespace" get secret "$release-initial-admin" \
  -o jsonpath='{.data.password}' 2>/dev/null | base64 -d || true)
cat >&2 <<MSG

  Nimbus console (through the Service, from this machine): http://$service_ip:$service_port/
  Initial admin:  $([ -n "$password" ] && echo "admin / $password (change it at first sign-in)" || echo "already set (Secret $release-initial-admin is gone once the admin changed the password)")
  Pods:           kubectl --kubeconfig $kc -n $namespace get pods
  Remove:         $bin/helm --kubeconfig $kc -n $namespace uninstall $release   (or make down)

MSG
