# Sourced by hack/test.sh: heavy work that no early tier needs runs in the background from the
# start, each job in its own process group (stopped with it on failure), its output in a log
# printed when it fails. The caller sets `results` (the run's results directory) first.
background="$results/background"
mkdir -p "$background"
declare -A background_pid=()
# They run at the lowest priority: on a cold machine the nodes' binaries are still building while
# the integration and end-to-end tiers run, and a browser test must not wait on a compiler.
# setsid gives each job a session of its own, and with the kernel's autogroup scheduling (on by
# default) CPU time is shared between sessions first: a nice value then only ranks processes of
# the same session, and a job of compilers got as much as the whole test run. The job's session
# is therefore niced too (docs/testbed.md "Test tiers and the real node").
# A job the run's tests wait for sooner can take a higher priority (a lower nice value).
start_background() { # name command [nice, default 19]
  local nice=${3:-19}
  # No autogroup file (a kernel without it): nice alone already ranks the job.
  setsid nice -n "$nice" bash -c '{ echo "$2" >/proc/self/autogroup; } 2>/dev/null; eval "$1"' _ "$2" "$nice" \
    >"$background/$1.log" 2>&1 </dev/null &
  background_pid[$1]=$!
  echo "[test] started in the background: $1 (log $background/$1.log)" >&2
}
wait_background() { # name
  local start=$SECONDS
  if ! wait "${background_pid[$1]}"; then
    printf '%s\n' "$1" >"$results/failed-background"
    tail -40 "$background/$1.log" >&2
    echo "[test] background job $1 failed (log $background/$1.log)" >&2
    exit 1
  fi
  unset "background_pid[$1]"
  echo "[test] $1 done (waited $((SECONDS - start)) s)" >&2
}
