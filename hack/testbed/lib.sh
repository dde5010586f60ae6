# Shared settings of the test bed; sourced by up.sh, down.sh and status.sh.
# shellcheck shell=bash
testbed_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$testbed_dir/../.." && pwd)
source "$testbed_dir/versions.env"

state_dir="$repo_root/.cache/testbed"
export KWOK_WORKDIR="$state_dir/kwok"

# name:apiserver-port, all on loopback.
hub_cluster="nimbus-hub"
member_clusters=("member-a" "member-b")
declare -A cluster_port=([nimbus-hub]=16440 [member-a]=16441 [member-b]=16442)

log() { printf '[testbed] %s\n' "$*" >&2; }
die() { printf '[testbed] error: %s\n' "$*" >&2; exit 1; }

testbed_bin() { "$testbed_dir/build.sh"; }
kubeconfig_of() { echo "$state_dir/$1.kubeconfig"; }
