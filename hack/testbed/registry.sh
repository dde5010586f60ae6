#!/usr/bin/env bash
# The test bed's image registry: Debian's docker-registry (distribution 2.8) on loopback only.
# Usage: registry.sh start|stop|status|address. Images survive a restart (.cache/testbed/registry/data),
# so a warm `make image` pushes nothing new.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

dir="$state_dir/registry"
pid_file="$dir/registry.pid"
address="127.0.0.1:$registry_port"

running() { [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; }
answers() { curl -fsS --max-time 2 "http://$address/v2/" >/dev/null 2>&1; }

case "${1:-}" in
  start)
    if running && answers; then log "registry: already running on $address (reused)"; exit 0; fi
    command -v docker-registry >/dev/null || die "docker-registry is not installed (run hack/install-deps.sh)"
    mkdir -p "$dir/data"
    cat >"$dir/config.yml" <<YAML
version: 0.1
log:
  level: warn
storage:
  filesystem:
    rootdirectory: $dir/data
  delete:
    enabled: true
http:
  addr: $address
  headers:
    X-Content-Type-Options: [nosniff]
YAML
    setsid docker-registry serve "$dir/config.yml" >"$dir/registry.log" 2>&1 </dev/null &
    echo $! >"$pid_file"
    for _ in $(seq 50); do answers && break; sleep 0.2; done
    answers || { tail -20 "$dir/registry.log" >&2; die "registry did not answer on $address"; }
    log "registry: serving on $address"
    ;;
  stop) stop_pid_file "$pid_file" "registry" ;;
  status)
    if running && answers; then echo "registry: ready ($address)"; else echo "registry: down"; exit 1; fi
    ;;
  address) echo "$address" ;;
  *) die "usage: registry.sh start|stop|status|address" ;;
esac
