#!/usr/bin/env bash
# Builds the sandbox ("pause") image from the static pause binary with umoci (one layer, one
# file) and pushes it to the test-bed registry, from which containerd pulls it as its pinned
# sandbox image. Nothing is pulled from the internet. Prints the image reference.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ref=$(pause_image)
if skopeo inspect --tls-verify=false --raw "docker://$ref" >/dev/null 2>&1; then echo "$ref"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umoci init --layout "$work/oci"
umoci new --image "$work/oci:pause"
umoci insert --image "$work/oci:pause" "$(node_bin)/pause" /pause >/dev/null
# Like the upstream pause image: an unprivileged user, the binary as entrypoint.
umoci config --image "$work/oci:pause" --config.entrypoint /pause --config.user 65535:65535 \
  --architecture amd64 --os linux
skopeo copy --quiet --dest-tls-verify=false "oci:$work/oci:pause" "docker://$ref" >&2
log "node: pushed the pause image $ref"
echo "$ref"
