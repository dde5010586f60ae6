#!/usr/bin/env bash
# Issues a node's certificates with its cluster's CA (made by kwokctl) and writes kubeconfigs:
#   kubelet client   CN system:node:<node>, O system:nodes  (Node authorizer, NodeRestriction)
#   kubelet serving  CN <node>, IP SAN the node address       (the API server's logs/exec calls)
#   kube-proxy       CN system:kube-proxy                      (bound to system:node-proxier)
# Usage: pki.sh <cluster>
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cluster=${1:?cluster}
node=$(node_name_of "$cluster")
ca=$(pki_of "$cluster")
out="$(conf_of "$cluster")/pki"
mkdir -p "$out"
[ -s "$ca/ca.crt" ] && [ -s "$ca/ca.key" ] || die "$cluster: no CA in $ca (is the cluster up?)"

issue() { # name subject [ip-san]
  local name=$1 subject=$2 ip=${3:-} ext
  # Reissued when the cluster (and so its CA) was recreated.
  if [ -s "$out/$name.crt" ] && openssl verify -CAfile "$ca/ca.crt" "$out/$name.crt" >/dev/null 2>&1; then return; fi
  ext="$out/$name.ext"
  if [ -n "$ip" ]; then
    printf 'keyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:%s,DNS:%s\n' "$ip" "$node" >"$ext"
  else
    printf 'keyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n' >"$ext"
  fi
  openssl req -new -newkey rsa:2048 -nodes -keyout "$out/$name.key" -subj "$subject" -out "$out/$name.csr" 2>/dev/null
  openssl x509 -req -in "$out/$name.csr" -CA "$ca/ca.crt" -CAkey "$ca/ca.key" -CAcreateserial \
    -days 30 -extfile "$ext" -out "$out/$name.crt" 2>/dev/null
  chmod 600 "$out/$name.key"
  rm -f "$out/$name.csr" "$ext"
}

kubeconfig() { # name user cert
  local name=$1 user=$2
  cat >"$out/$name.kubeconfig" <<YAML
apiVersion: v1
kind: Config
clusters:
  - name: $cluster
    cluster:
      server: https://127.0.0.1:${cluster_port[$cluster]}
      certificate-authority: $ca/ca.crt
users:
  - name: $user
    user:
      client-certificate: $out/$name.crt
      client-key: $out/$name.key
contexts:
  - name: $cluster
    context: {cluster: $cluster, user: $user}
current-context: $cluster
YAML
  chmod 600 "$out/$name.kubeconfig"
}

issue kubelet-client "/O=system:nodes/CN=system:node:$node"
issue kubelet-serving "/CN=$node" "$node_host_ip"
kubeconfig kubelet-client "system:node:$node"
if [ "$cluster" = "$hub_cluster" ]; then
  issue kube-proxy "/CN=system:kube-proxy"
  kubeconfig kube-proxy system:kube-proxy
fi
