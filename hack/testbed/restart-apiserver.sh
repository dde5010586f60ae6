#!/usr/bin/env bash
# Kills a test-bed cluster's kube-apiserver with SIGKILL and/or starts it again the way up.sh
# does: `kwokctl start cluster` starts only the components whose pid file names no live process,
# so etcd, the controllers and kwok keep running (and `start` also brings back any other component
# that died, e.g. a controller-manager that lost its lease under load). For the index resilience
# test and after `make bench`.
# Usage: restart-apiserver.sh kill|start|restart <cluster>
set -euo pipefail
source "$(dirname "$0")/lib.sh"

action=${1:?kill|start|restart}
name=${2:?cluster name, e.g. member-a}
export PATH="$(testbed_bin):$PATH"
pid_file="$KWOK_WORKDIR/clusters/$name/pids/kube-apiserver.pid"
[ -f "$pid_file" ] || die "$name: no kube-apiserver pid file at $pid_file"

api_ready() {
  kubectl --kubeconfig "$(kubeconfig_of "$name")" --request-timeout=2s get --raw /readyz >/dev/null 2>&1
}

kill_apiserver() {
  local pid
  pid=$(cat "$pid_file")
  # The pid file may be stale: only a kube-apiserver of this cluster's work dir is killed.
  if kill -0 "$pid" 2>/dev/null && [[ "$(tr '\0' ' ' <"/proc/$pid/cmdline")" == *"clusters/$name/bin/kube-apiserver"* ]]; then
    kill -KILL "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
    log "$name: kube-apiserver (pid $pid) killed"
  else
    log "$name: kube-apiserver was not running"
  fi
}

start_apiserver() {
  local start=$SECONDS
  kwokctl start cluster --name "$name" --wait 2m >"$state_dir/$name.restart.log" 2>&1 ||
    { tail -20 "$state_dir/$name.restart.log" >&2; die "$name: kwokctl start failed"; }
  for _ in $(seq 1 120); do
    api_ready && { log "$name: kube-apiserver ready again after $((SECONDS - start))s"; return; }
    sleep 0.5
  done
  die "$name: kube-apiserver not ready within 60s"
}

case "$action" in
  kill) kill_apiserver ;;
  start) start_apiserver ;;
  restart) kill_apiserver; start_apiserver ;;
  *) die "unknown action $action" ;;
esac
