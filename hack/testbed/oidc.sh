#!/usr/bin/env bash
# The test bed's OpenID provider: the certified `oidc-provider` package (npm, pinned in the root
# package.json) run by hack/testbed/oidc-provider.mjs on http://127.0.0.1:<port base + 20>, with a
# login and a consent page, the client `nimbus` and test users (alice, bob; tests add their own).
# Usage: oidc.sh start|stop|status|issuer|client-id|client-secret|admin-token|password <user>
set -euo pipefail
source "$(dirname "$0")/lib.sh"

dir="$state_dir/oidc"
pid_file="$dir/provider.pid"
issuer="http://127.0.0.1:$oidc_port"

running() { [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; }
answers() { curl -fsS --max-time 2 "$issuer/.well-known/openid-configuration" >/dev/null 2>&1; }
state_file() { # name: a value the provider writes into its state dir at first start
  [ -f "$dir/$1" ] || die "the OpenID provider has not been started yet (oidc.sh start)"
  cat "$dir/$1"
}

case "${1:-}" in
  start)
    if running && answers; then log "oidc: already running on $issuer (reused)"; exit 0; fi
    [ -d "$repo_root/node_modules/oidc-provider" ] || die "oidc-provider is not installed (make deps)"
    mkdir -p "$dir" && chmod 700 "$dir"
    setsid "$(nodejs_bin)" "$testbed_dir/oidc-provider.mjs" "$dir" "$oidc_port" >"$dir/provider.log" 2>&1 </dev/null &
    echo $! >"$pid_file"
    for _ in $(seq 100); do answers && break; sleep 0.2; done
    answers || { tail -20 "$dir/provider.log" >&2; die "oidc: the provider did not answer on $issuer"; }
    log "oidc: serving $issuer (client nimbus; users alice and bob, passwords: oidc.sh password <user>)"
    ;;
  stop)
    if running; then
      stop_pids "$(cat "$pid_file")"
      log "oidc: stopped"
    fi
    rm -f "$pid_file"
    ;;
  status)
    if running && answers; then echo "oidc: ready ($issuer)"; else echo "oidc: down"; exit 1; fi
    ;;
  issuer) echo "$issuer" ;;
  client-id) echo nimbus ;;
  client-secret) state_file client-secret ;;
  admin-token) state_file admin-token ;;
  password) state_file "password-${2:?user}" ;;
  *) die "usage: oidc.sh start|stop|status|issuer|client-id|client-secret|admin-token|password <user>" ;;
esac
