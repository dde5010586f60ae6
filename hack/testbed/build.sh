#!/usr/bin/env bash
# Builds the pinned test-bed binaries from the committed wrapper modules into
# ~/.cache/nimbus-testbed/<versions>/bin. A warm cache builds nothing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/versions.env"
go_version=$(go env GOVERSION)
# What the wrapper modules resolved to is part of each key: regenerated modules (gen-modules.sh)
# build anew instead of reusing binaries of other dependency versions.
modules_of() { (cd "$here/modules" && find "$@" -type f | LC_ALL=C sort | xargs cat) | sha256sum | cut -c1-12; }
cache="${NIMBUS_TESTBED_CACHE:-$HOME/.cache/nimbus-testbed}"
# Each folder's key hashes only its own modules: the `--print-*` calls, made many times a run,
# hash no more than they name.
control_plane_bin() {
  echo "$cache/k8s-${KUBE_VERSION}_etcd-${ETCD_VERSION}_kwok-${KWOK_VERSION}_helm-${HELM_VERSION}_${go_version}_$(modules_of kube etcd kwok helm)/bin"
}
# The real node's binaries (kubelet, kube-proxy, containerd, its runc shim, pause) have their own key, so a
# containerd bump does not rebuild the control plane. `--node` builds them, `--print-node` names them.
node_bin() { echo "$cache/node_k8s-${KUBE_VERSION}_containerd-${CONTAINERD_VERSION}_${go_version}_$(modules_of kube containerd pause)/bin"; }
# The OpenTelemetry Collector (the tracing test's receiver) has its own key too: `--otelcol`.
otelcol_bin() { echo "$cache/otelcol-${OTELCOL_VERSION}_${go_version}_$(modules_of otelcol)/bin"; }
# syft, the release's SBOM generator (hack/release.sh): `--syft`.
syft_bin() { echo "$cache/syft-${SYFT_VERSION}_${go_version}_$(modules_of syft)/bin"; }
mode=${1:-control-plane}
case "$mode" in
  --print-only) control_plane_bin; exit 0 ;;
  --print-node) node_bin; exit 0 ;;
  --print-otelcol) otelcol_bin; exit 0 ;;
  --node) bin=$(node_bin) ;;
  --otelcol) bin=$(otelcol_bin) ;;
  --syft) bin=$(syft_bin) ;;
  *) bin=$(control_plane_bin) ;;
esac
mkdir -p "$bin"
# Several checkouts may share the cache: one builds, the others wait for it and reuse the result.
exec 9>"$bin/../.build.lock"
flock 9

# No DWARF from the compiler either: the linker drops it (-s -w), and generating it is about a
# tenth of a cold build's CPU (kwok: 161 CPU-seconds with it, 143 without; docs/testbed.md).
export GOFLAGS="-mod=readonly -trimpath -buildvcs=false -gcflags=all=-dwarf=false"
export CGO_ENABLED=0
# The compiler's own garbage collection is about a fifth of a cold build: kube-apiserver took
# 190 s with it and 148 s without, peaking at 2.0 GB (docs/testbed.md). The limit turns it back
# on before a large package could crowd out the tests that run beside these builds.
export GOGC=off GOMEMLIMIT=3GiB

log() { printf '[testbed-build] %s\n' "$*" >&2; }

build() { # name module package ldflags [tags]
  local name=$1 module=$2 pkg=$3 ldflags=$4 tags=${5:-}
  [ -x "$bin/$name" ] && return
  log "$name: building $pkg (first build of a component can take several minutes)"
  local start=$SECONDS
  (cd "$here/modules/$module" && go build -tags "$tags" -ldflags "-s -w $ldflags" -o "$bin/.$name.tmp" "$pkg")
  mv "$bin/.$name.tmp" "$bin/$name"
  log "$name: built in $((SECONDS - start))s"
}

kube_minor=${KUBE_VERSION#v1.}; kube_minor=${kube_minor%%.*}
kube_ld="-X k8s.io/component-base/version.gitVersion=${KUBE_VERSION}"
kube_ld+=" -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=${kube_minor}"
kube_ld+=" -X k8s.io/component-base/version.gitTreeState=clean"
kube_ld+=" -X k8s.io/client-go/pkg/version.gitVersion=${KUBE_VERSION}"
kwok_ld="-X sigs.k8s.io/kwok/pkg/consts.Version=${KWOK_VERSION} -X sigs.k8s.io/kwok/pkg/consts.KubeVersion=${KUBE_VERSION}"
helm_ld="-X helm.sh/helm/v4/internal/version.version=${HELM_VERSION}"

if [ "$mode" = "--node" ]; then
  ctr_ld="-X github.com/containerd/containerd/v2/version.Version=${CONTAINERD_VERSION}"
  ctr_tags="no_btrfs no_devmapper no_zfs"
  build kubelet kube k8s.io/kubernetes/cmd/kubelet "$kube_ld"
  build kube-proxy kube k8s.io/kubernetes/cmd/kube-proxy "$kube_ld"
  build containerd containerd github.com/containerd/containerd/v2/cmd/containerd "$ctr_ld" "$ctr_tags"
  build containerd-shim-runc-v2 containerd github.com/containerd/containerd/v2/cmd/containerd-shim-runc-v2 "$ctr_ld" "$ctr_tags"
  build pause pause . ""
  echo "$bin"
  exit 0
fi

if [ "$mode" = "--syft" ]; then
  build syft syft github.com/anchore/syft/cmd/syft "-X main.version=${SYFT_VERSION}"
  echo "$bin"
  exit 0
fi

if [ "$mode" = "--otelcol" ]; then
  build otelcol otelcol . "-X main.version=${OTELCOL_VERSION}"
  echo "$bin"
  exit 0
fi

build kube-apiserver kube k8s.io/kubernetes/cmd/kube-apiserver "$kube_ld"
build kube-controller-manager kube k8s.io/kubernetes/cmd/kube-controller-manager "$kube_ld"
build kube-scheduler kube k8s.io/kubernetes/cmd/kube-scheduler "$kube_ld"
build kubectl kube k8s.io/kubernetes/cmd/kubectl "$kube_ld"
build etcd etcd . "-X go.etcd.io/etcd/api/v3/version.GitSHA=${ETCD_VERSION}"
build kwok kwok sigs.k8s.io/kwok/cmd/kwok "$kwok_ld"
build kwokctl kwok sigs.k8s.io/kwok/cmd/kwokctl "$kwok_ld"
build helm helm helm.sh/helm/v4/cmd/helm "$helm_ld"

echo "$bin"
