#!/usr/bin/env bash
# Installs the Debian packages the test bed and the end-to-end tests use, when missing.
# Services are never started by the packages: tests start what they need on loopback.
set -euo pipefail
packages=(prometheus prometheus-alertmanager prometheus-node-exporter prometheus-blackbox-exporter docker-registry skopeo umoci chromium-headless-shell fonts-noto-cjk curl
  # The image build (hack/image/) and the real node (hack/testbed/node/): no registry pull, no Docker.
  podman buildah runc mmdebstrap containernetworking-plugins iptables openssl
  # The real node: socat relays pods to the loopback API servers, nft checks and restores the ruleset.
  socat nftables
  # The Argo CD health check of docs/gitops.md is Lua; its unit test runs it.
  lua5.4
  # hack/nimbus-backup.sh (docs/backup.md) and its integration test.
  jq
  # The shared store's tests: a throwaway PostgreSQL server per run (operator/src/testing/postgres-server.ts).
  postgresql)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "[deps] Debian packages present: ${packages[*]}" >&2
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "[deps] installing Debian packages: ${missing[*]}" >&2
# Keep package scripts from starting daemons (prometheus, registry) on this machine.
policy=/usr/sbin/policy-rc.d
created_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod +x "$policy"
  created_policy=1
fi
trap '[ "$created_policy" = 1 ] && $sudo rm -f "$policy"' EXIT
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >&2
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
# Some packages start their daemon anyway (no init system to ask); stop any that did.
for d in prometheus prometheus-alertmanager docker-registry; do
  pkill -x "$d" 2>/dev/null || true
done
echo "[deps] done" >&2
