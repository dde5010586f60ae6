#!/usr/bin/env bash
# What the install test tier needs, printed as shell assignments for `eval`: the release published
# to the test bed's registry (hack/release.sh: the image and the chart, installed from oci:// as a
# user would), the hub prepared for it and its values file (hack/testbed/install-values.sh), and
# the real nodes' address. Used by hack/test.sh and hack/dev-test.sh. A release published earlier
# (NIMBUS_RELEASE_CHART, NIMBUS_RELEASE_VERSION, NIMBUS_RELEASE_IMAGE set) is used as it is.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/hack/testbed/lib.sh"
"$root/hack/testbed/node/status.sh" >&2 || die "the real nodes are not Ready: the install tier needs them (as root)"
if [ -z "${NIMBUS_RELEASE_CHART:-}" ]; then
  # The whole release, SBOMs included: the tier checks them (tests/install/release-artifacts.test.ts).
  eval "$("$root/hack/release.sh")"
fi
values=$("$root/hack/testbed/install-values.sh")
printf 'export NIMBUS_RELEASE_CHART=%q NIMBUS_RELEASE_VERSION=%q NIMBUS_RELEASE_IMAGE=%q NIMBUS_RELEASE_SBOMS=%q NIMBUS_INSTALL_VALUES=%q NIMBUS_NODE_HOST_IP=%q\n' \
  "$NIMBUS_RELEASE_CHART" "$NIMBUS_RELEASE_VERSION" "$NIMBUS_RELEASE_IMAGE" "${NIMBUS_RELEASE_SBOMS:-}" "$values" "$node_host_ip"
