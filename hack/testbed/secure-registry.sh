#!/usr/bin/env bash
# The test bed's private image registry: a second Debian docker-registry on loopback with TLS
# (a certificate from a test-bed CA made here with openssl) and basic auth (htpasswd, bcrypt from
# libxcrypt through perl's crypt, so no new Debian package). `start` pushes a few small images
# made with umoci into two repositories with several tags, for the registry tests.
# Usage: secure-registry.sh start|stop|status|address|ca|user|password
set -euo pipefail
source "$(dirname "$0")/lib.sh"

dir="$state_dir/secure-registry"
tls="$dir/tls"
pid_file="$dir/registry.pid"
address="127.0.0.1:$secure_registry_port"
user=nimbus-puller

running() { [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; }
# 401 without credentials: TLS works and auth is on.
answers() {
  [ "$(curl -sS --max-time 2 --cacert "$tls/ca.crt" -o /dev/null -w '%{http_code}' "https://$address/v2/" 2>/dev/null)" = 401 ]
}
password() {
  [ -f "$dir/password" ] || { mkdir -p "$dir"; (umask 077; openssl rand -hex 16 >"$dir/password"); }
  cat "$dir/password"
}

make_tls() {
  [ -f "$tls/server.crt" ] && return
  mkdir -p "$tls"
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Nimbus test-bed CA" \
    -keyout "$tls/ca.key" -out "$tls/ca.crt" 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$tls/server.key" -out "$tls/server.csr" 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$tls/ext.cnf"
  openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" \
    -CAcreateserial -days 3650 -extfile "$tls/ext.cnf" -out "$tls/server.crt" 2>/dev/null
}

make_htpasswd() {
  local salt
  salt=$(openssl rand -base64 16 | tr -dc 'A-Za-z0-9./' | head -c 22)
  [ ${#salt} -eq 22 ] || salt=$(printf '%-22s' "$salt" | tr ' ' 'a')
  PASSWORD=$(password) SALT=$salt perl -e 'print "'"$user"':", crypt($ENV{PASSWORD}, "\$2b\$10\$$ENV{SALT}"), "\n"' >"$dir/htpasswd"
  grep -q ':\$2b\$10\$' "$dir/htpasswd" || die "this libc's crypt() cannot make bcrypt hashes"
}

# Two repositories, several tags each; every image is a real one-layer OCI image.
push_images() {
  local work creds ref repo tag
  creds="$user:$(password)"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  umoci init --layout "$work/oci"
  for ref in library/hello:1.0 library/hello:1.1 library/hello:latest team/tools/busy:2024.1 team/tools/busy:2024.2; do
    repo=${ref%%:*}; tag=${ref##*:}
    if skopeo inspect --raw --cert-dir "$tls/client" --creds "$creds" "docker://$address/$ref" >/dev/null 2>&1; then continue; fi
    mkdir -p "$work/rootfs"
    printf '%s\n' "$ref" >"$work/rootfs/image.txt"
    local local_tag="t$RANDOM"
    umoci new --image "$work/oci:$local_tag"
    umoci insert --image "$work/oci:$local_tag" "$work/rootfs/image.txt" /image.txt >/dev/null
    umoci config --image "$work/oci:$local_tag" --config.cmd /bin/sh --architecture amd64 --os linux
    skopeo copy --quiet --dest-cert-dir "$tls/client" --dest-creds "$creds" \
      "oci:$work/oci:$local_tag" "docker://$address/$repo:$tag" >&2
  done
  log "secure registry: images in $address (library/hello: 1.0 1.1 latest; team/tools/busy: 2024.1 2024.2)"
}

case "${1:-}" in
  start)
    command -v docker-registry >/dev/null || die "docker-registry is not installed (run hack/install-deps.sh)"
    make_tls
    # skopeo's --cert-dir reads *.crt as CAs.
    mkdir -p "$tls/client" && cp "$tls/ca.crt" "$tls/client/ca.crt"
    if running && answers; then
      log "secure registry: already running on $address (reused)"
    else
      mkdir -p "$dir/data"
      make_htpasswd
      cat >"$dir/config.yml" <<YAML
version: 0.1
log:
  level: warn
storage:
  filesystem:
    rootdirectory: $dir/data
  delete:
    enabled: true
auth:
  htpasswd:
    realm: nimbus-testbed
    path: $dir/htpasswd
http:
  addr: $address
  tls:
    certificate: $tls/server.crt
    key: $tls/server.key
  headers:
    X-Content-Type-Options: [nosniff]
YAML
      setsid docker-registry serve "$dir/config.yml" >"$dir/registry.log" 2>&1 </dev/null &
      echo $! >"$pid_file"
      for _ in $(seq 50); do answers && break; sleep 0.2; done
      answers || { tail -20 "$dir/registry.log" >&2; die "secure registry did not answer on $address"; }
      log "secure registry: serving on https://$address"
    fi
    push_images
    ;;
  stop) stop_pid_file "$pid_file" "secure registry" ;;
  status)
    if running && answers; then echo "secure registry: ready (https://$address)"; else echo "secure registry: down"; exit 1; fi
    ;;
  address) echo "$address" ;;
  ca) echo "$tls/ca.crt" ;;
  user) echo "$user" ;;
  password) password; echo ;;
  *) die "usage: secure-registry.sh start|stop|status|address|ca|user|password" ;;
esac
