#!/usr/bin/env bash
# `make image`: builds the Nimbus image from the Dockerfile with buildah (no Docker daemon, no
# registry pull) and pushes it to the test bed's registry. Prints the pushed reference.
#
# 1. base:  Debian bookworm minbase from the Debian archive (mmdebstrap), cached per month
#           in ~/.cache/nimbus-image, imported as localhost/nimbus-base:<key>.
# 2. node:  that base plus the pinned Node.js (hack/toolchain.sh) and npm, localhost/nimbus-node.
# 3. image: the Dockerfile with NODE_IMAGE=<node> and its build stage replaced by `make build`'s
#           output; buildah's layer cache makes a warm run fast.
#
# The node and helm bases are pushed to the registry beside the image and named by digest in the
# build, so the image records exactly what it was built from (OCI base.name/base.digest labels).
# The Debian base cannot be pinned further: the Debian archive is not versioned by date here
# (mmdebstrap takes what the mirror serves; snapshot archives cannot be reached), so its tarball's
# sha256 is recorded instead. Labels follow the OCI image spec: source, revision, version, created
# (the commit's time, so a rebuild of one commit labels alike).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/hack/toolchain.env"
export CONTAINERS_CONF="$root/hack/image/containers.conf"
cache="${NIMBUS_IMAGE_CACHE:-$HOME/.cache/nimbus-image}"
log() { printf '[image] %s\n' "$*" >&2; }
die() { printf '[image] error: %s\n' "$*" >&2; exit 1; }
for tool in mmdebstrap buildah podman skopeo runc; do
  command -v "$tool" >/dev/null || die "$tool is not installed (run hack/install-deps.sh)"
done
# A plain `docker build` uses the Dockerfile's default base: the same pinned Node.js as here.
grep -qx "ARG NODE_IMAGE=node:${NODE_VERSION}-bookworm-slim" "$root/Dockerfile" ||
  die "the Dockerfile's NODE_IMAGE default is not node:${NODE_VERSION}-bookworm-slim (hack/toolchain.env)"
# ... and the same helm as the test bed's (the app store runs it as NIMBUS_HELM_PATH).
source "$root/hack/testbed/versions.env"
grep -qx "ARG HELM_IMAGE=alpine/helm:${HELM_VERSION#v}" "$root/Dockerfile" ||
  die "the Dockerfile's HELM_IMAGE default is not alpine/helm:${HELM_VERSION#v} (hack/testbed/versions.env)"
[ "$(id -u)" -eq 0 ] || die "buildah runs as root here (rootless needs user namespaces this machine lacks)"
mkdir -p "$cache"
exec 8>"$cache/.lock"
flock 8
# Both buildah and podman: runc, cgroupfs, lowered ulimits, and the host network (RUN steps
# reach the npm registry without a bridge or new addresses on this machine).
bud=(buildah bud --runtime runc --cgroup-manager cgroupfs --network host --layers
  --ulimit nofile=20000:20000 --ulimit nproc=32768:32768)

# ---- 1. base from the Debian archive ----
# The base image carries its tarball's sha256 as a label ("-sha" in the key: images imported
# before that have none): ~/.cache may be emptied while podman's store keeps the image.
base_key="bookworm-$(date -u +%Y%m)-mmdebstrap$(mmdebstrap --version | awk '{print $2}')-sha"
base_image="localhost/nimbus-base:$base_key"
base_tar="$cache/base-$base_key.tar"
if ! podman image exists "$base_image"; then
  if [ ! -s "$base_tar" ]; then
    log "base: mmdebstrap --variant=minbase bookworm (about 80 s)"
    start=$SECONDS
    mmdebstrap --quiet --variant=minbase --format=tar --include=ca-certificates \
      --aptopt='Acquire::Retries "3"' \
      --customize-hook='rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/*' \
      bookworm "$base_tar.tmp" \
      "deb http://deb.debian.org/debian bookworm main" \
      "deb http://deb.debian.org/debian bookworm-updates main" \
      "deb http://deb.debian.org/debian-security bookworm-security main" >&2
    mv "$base_tar.tmp" "$base_tar"
    log "base: built in $((SECONDS - start)) s"
  fi
  podman import --quiet --change "LABEL io.nimbus.debian-base.sha256=$(sha256sum "$base_tar" | cut -c1-64)" \
    "$base_tar" "$base_image" >/dev/null
fi
base_sha=$(podman image inspect --format '{{index .Labels "io.nimbus.debian-base.sha256"}}' "$base_image")
[[ $base_sha =~ ^[0-9a-f]{64}$ ]] ||
  die "$base_image has no io.nimbus.debian-base.sha256 label; remove it (podman rmi $base_image) and build again"

# ---- 2. base plus the pinned Node.js and npm ----
node_dir=$("$root/hack/toolchain.sh")/..
node_image="localhost/nimbus-node:${NODE_VERSION}-npm${NPM_VERSION}-${base_key}"
if ! podman image exists "$node_image"; then
  log "node: $node_image"
  ctx="$cache/node-context"
  rm -rf "$ctx" && mkdir -p "$ctx/usr/local/bin" "$ctx/usr/local/lib/node_modules"
  cp "$node_dir/bin/node" "$ctx/usr/local/bin/node"
  cp -r "$node_dir/include" "$node_dir/share" "$ctx/usr/local/"
  npm_tgz=$(cd "$cache" && npm pack --silent "npm@$NPM_VERSION")
  mkdir -p "$ctx/usr/local/lib/node_modules/npm"
  tar -xzf "$cache/$npm_tgz" -C "$ctx/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ctx/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ctx/usr/local/bin/npx"
  sed "s/@NODE_VERSION@/$NODE_VERSION/" "$root/hack/image/node-base.Containerfile" >"$ctx/Containerfile"
  "${bud[@]}" --quiet --build-arg "BASE_IMAGE=$base_image" -t "$node_image" -f "$ctx/Containerfile" "$ctx" >/dev/null
fi

# ---- helm: the test bed's static helm (built from source at HELM_VERSION) as a one-file image ----
testbed_bin=$("$root/hack/testbed/build.sh")
helm_image="localhost/nimbus-helm:$(basename "$(dirname "$testbed_bin")")"
if ! podman image exists "$helm_image"; then
  log "helm: $helm_image"
  ctx="$cache/helm-context"
  rm -rf "$ctx" && mkdir -p "$ctx/usr/bin"
  cp "$testbed_bin/helm" "$ctx/usr/bin/helm"
  printf 'FROM scratch\nCOPY usr/bin/helm /usr/bin/helm\n' >"$ctx/Containerfile"
  "${bud[@]}" --quiet -t "$helm_image" -f "$ctx/Containerfile" "$ctx" >/dev/null
fi

# ---- the registry: the bases go there first, so the build names them by digest ----
if [ -z "${NIMBUS_REGISTRY:-}" ]; then
  "$root/hack/testbed/registry.sh" status >/dev/null || die "the test bed's registry is not running (make testbed-up)"
fi
registry=${NIMBUS_REGISTRY:-$("$root/hack/testbed/registry.sh" address)}
registry_host=${registry%%/*}
tls=(--tls-verify=true)
# The test bed's registry is plain HTTP on loopback.
case "$registry_host" in 127.0.0.1:* | localhost:*) tls=(--tls-verify=false) ;; esac
publish_base() { # local image, name in the registry → name@digest
  local ref="$registry/nimbus-base/$2:${1##*:}"
  skopeo copy --quiet "${tls[@]/--tls-verify/--dest-tls-verify}" "containers-storage:$1" "docker://$ref" >&2
  echo "$registry/nimbus-base/$2@$(skopeo inspect "${tls[@]}" --format '{{.Digest}}' "docker://$ref")"
}
pinned_node=$(publish_base "$node_image" node)
pinned_helm=$(publish_base "$helm_image" helm)
log "bases: $pinned_node, $pinned_helm"

# ---- 3. the Nimbus image from the Dockerfile ----
version=$(awk '/^appVersion:/ {gsub(/"/, "", $2); print $2}' "$root/charts/nimbus/Chart.yaml")
revision=$(git -C "$root" rev-parse HEAD)
tag="${NIMBUS_IMAGE_TAG:-${version}-${revision:0:12}}"
image="localhost/nimbus:$tag"
# The build host's CA bundle and an npmrc pointing npm at it are mounted for RUN steps only (never
# stored in a layer), so npm ci works behind a TLS-intercepting proxy whose CA the host trusts.
trust=()
host_ca=${NIMBUS_IMAGE_BUILD_CA:-/etc/ssl/certs/ca-certificates.crt}
if [ -s "$host_ca" ]; then
  printf 'cafile=/etc/ssl/certs/ca-certificates.crt\n' >"$cache/build-npmrc"
  trust=(--volume "$host_ca:/etc/ssl/certs/ca-certificates.crt:ro" --volume "$cache/build-npmrc:/usr/local/etc/npmrc:ro")
fi
labels=(
  --label "org.opencontainers.image.title=nimbus"
  --label "org.opencontainers.image.source=${NIMBUS_SOURCE_URL:-https://github.com/nimbus-io/nimbus}"
  --label "org.opencontainers.image.revision=$revision"
  --label "org.opencontainers.image.version=$version"
  --label "org.opencontainers.image.created=$(git -C "$root" log -1 --format=%cI HEAD)"
  --label "org.opencontainers.image.base.name=${pinned_node%@*}"
  --label "org.opencontainers.image.base.digest=${pinned_node#*@}"
  --label "io.nimbus.debian-base.sha256=$base_sha"
)
# The Dockerfile's build stage (npm ci with every dev package, then the api, operator and console
# builds) would repeat `make build` of this checkout with the same pinned Node.js and lock file. A
# named build context called `build` takes that stage's place in `COPY --from=build`, and buildah
# skips a stage nothing needs (docs/decisions/release-artifacts.md). It holds exactly what the
# runtime stage copies from /src; a plain `docker build` still runs the stage. It is not rebuilt
# here: `make build` empties operator/dist first, under an operator that may be running from it.
# (-o: the toolchain and node_modules targets are phony, and make -q calls a phony target stale.)
make -C "$root" --no-print-directory -q -o toolchain -o node_modules operator/dist/main.js console/dist/index.html >&2 ||
  die "the operator's or the console's build is older than its sources: run make build first"
built="$cache/build-context"
rm -rf "$built"
copied=$(sed -n 's|^COPY --from=build /src/\([^ ]*\) .*|\1|p' "$root/Dockerfile")
[ -n "$copied" ] || die "the Dockerfile's runtime stage copies nothing from the build stage's /src"
for path in $copied; do
  path=${path%/}
  [ -e "$root/$path" ] || die "$path, which the image copies from the build stage, is missing after make build"
  mkdir -p "$built/src/$(dirname "$path")"
  cp -a "$root/$path" "$built/src/$path"
done
log "nimbus: buildah bud (Dockerfile, NODE_IMAGE=$pinned_node, the build stage from make build)"
start=$SECONDS
"${bud[@]}" "${trust[@]}" "${labels[@]}" --quiet "${tls[@]}" --build-arg "NODE_IMAGE=$pinned_node" \
  --build-arg "HELM_IMAGE=$pinned_helm" --build-arg "NIMBUS_REVISION=$revision" \
  --build-context "build=$built" -t "$image" -f "$root/Dockerfile" "$root" >/dev/null
log "nimbus: $image built in $((SECONDS - start)) s"

# ---- push ----
ref="$registry/nimbus:$tag"
skopeo copy --quiet "${tls[@]/--tls-verify/--dest-tls-verify}" "containers-storage:$image" "docker://$ref" >&2
log "pushed $ref"
echo "$ref"
