#!/usr/bin/env bash
# Regenerates the wrapper Go modules (go.mod/go.sum) from versions.env. Run after a version
# bump and commit the result; build.sh only ever reads the committed modules.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/versions.env"
kube_minor=${KUBE_VERSION#v1.}
staging_version="v0.${kube_minor}"
export LC_ALL=C

# Every module of the current module's build list, at the version it builds with, sorted.
module_versions() { go list -e -m all | awk 'NR > 1 { print $1, ($3 == "=>" ? $5 : $2) }' | sort; }
# etcd and kwok share most of their dependencies with Kubernetes (the k8s.io libraries, gRPC,
# OpenTelemetry, golang.org/x), at other patch versions. Pinned to the kube module's versions,
# each shared package compiles once in a cold build: the control plane's compiled packages are
# reused (docs/testbed.md "Versions"). Tidying can bring in further modules, hence the passes.
pin_to_kube_versions() {
  local pass pins pin
  for pass in 1 2 3 4; do
    pins=$(join <(module_versions) "$kube_versions" | awk '$2 != $3 { print $1 "=" $1 "@" $3 }')
    [ -n "$pins" ] || return 0
    for pin in $pins; do go mod edit -replace "$pin"; done
    go mod tidy
  done
  echo "gen-modules: $(basename "$PWD") still differs from the kube module after $pass passes" >&2
  return 1
}

kube_mod_file=$(go mod download -json "k8s.io/kubernetes@${KUBE_VERSION}" | sed -n 's/.*"GoMod": "\(.*\)".*/\1/p')
kube_mod=$(cat "$kube_mod_file")
staging=$(printf '%s\n' "$kube_mod" | sed -n '/^replace (/,/^)/p' | awk '/=> \.\/staging/ {print $1}' | grep -v '/sample-')
godebug=$(printf '%s\n' "$kube_mod" | grep -E '^godebug ' || true)

cd "$here/modules/kube"
{
  echo "module nimbus.local/testbed/kube"
  echo
  echo "go 1.26.0"
  echo
  [ -n "$godebug" ] && { echo "$godebug"; echo; }
  echo "require k8s.io/kubernetes ${KUBE_VERSION}"
  echo
  echo "replace ("
  for m in $staging; do echo "	$m => $m ${staging_version}"; done
  echo ")"
} > go.mod
cat > tools.go <<'GO'
//go:build tools

package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-proxy"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubectl"
	_ "k8s.io/kubernetes/cmd/kubelet"
)
GO
go mod tidy
kube_versions=$(mktemp)
trap 'rm -f "$kube_versions"' EXIT
module_versions >"$kube_versions"

cd "$here/modules/etcd"
printf 'module nimbus.local/testbed/etcd\n\ngo 1.26.0\n\nrequire go.etcd.io/etcd/server/v3 %s\n' "$ETCD_VERSION" > go.mod
cat > main.go <<'GO'
// Command etcd is the upstream etcd server, built from the pinned module.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() { etcdmain.Main(os.Args) }
GO
go mod tidy
pin_to_kube_versions

cd "$here/modules/kwok"
printf 'module nimbus.local/testbed/kwok\n\ngo 1.26.0\n\nrequire sigs.k8s.io/kwok %s\n' "$KWOK_VERSION" > go.mod
cat > tools.go <<'GO'
//go:build tools

package tools

import (
	_ "sigs.k8s.io/kwok/cmd/kwok"
	_ "sigs.k8s.io/kwok/cmd/kwokctl"
)
GO
go mod tidy
pin_to_kube_versions

cd "$here/modules/helm"
printf 'module nimbus.local/testbed/helm\n\ngo 1.26.0\n\nrequire helm.sh/helm/v4 %s\n' "$HELM_VERSION" > go.mod
cat > tools.go <<'GO'
//go:build tools

package tools

import _ "helm.sh/helm/v4/cmd/helm"
GO
go mod tidy

cd "$here/modules/containerd"
printf 'module nimbus.local/testbed/containerd\n\ngo 1.26.0\n\nrequire github.com/containerd/containerd/v2 %s\n' "$CONTAINERD_VERSION" > go.mod
cat > tools.go <<'GO'
//go:build tools

package tools

import (
	_ "github.com/containerd/containerd/v2/cmd/containerd"
	_ "github.com/containerd/containerd/v2/cmd/containerd-shim-runc-v2"
)
GO
go mod tidy

# The collector's main.go is ours (committed); only its requirements follow the pinned release.
# Every module it imports is required at that release, so that tidying does not take the newest
# version of one (envprovider and confmap did).
cd "$here/modules/otelcol"
collector=go.opentelemetry.io/collector
{
  printf 'module nimbus.local/testbed/otelcol\n\ngo 1.26.0\n\nrequire (\n'
  printf '\tgithub.com/open-telemetry/opentelemetry-collector-contrib/exporter/fileexporter %s\n' "$OTELCOL_VERSION"
  for m in otelcol receiver/otlpreceiver service; do printf '\t%s/%s %s\n' "$collector" "$m" "$OTELCOL_VERSION"; done
  for m in component confmap confmap/provider/envprovider confmap/provider/fileprovider exporter receiver; do
    printf '\t%s/%s %s\n' "$collector" "$m" "$OTELCOL_STABLE_VERSION"
  done
  printf ')\n'
} > go.mod
go mod tidy
