#!/usr/bin/env bash
# What the install test tier needs, printed as shell assignments for `eval`: the image built and
# pushed (hack/image/build.sh), the hub prepared for it and its values file
# (hack/testbed/install-values.sh), and the real nodes' address. Used by hack/test.sh and
# hack/dev-test.sh. An image reference in NIMBUS_IMAGE (built earlier) is used as it is.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/hack/testbed/lib.sh"
"$root/hack/testbed/node/status.sh" >&2 || die "the real nodes are not Ready: the install tier needs them (as root)"
image=${NIMBUS_IMAGE:-$("$root/hack/image/build.sh")}
values=$("$root/hack/testbed/install-values.sh" "$image")
printf 'export NIMBUS_IMAGE=%q NIMBUS_INSTALL_VALUES=%q NIMBUS_NODE_HOST_IP=%q\n' "$image" "$values" "$node_host_ip"
