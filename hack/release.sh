#!/usr/bin/env bash
# `make release`: everything a user installs, published to the OCI registry RELEASE_REGISTRY
# (host[:port][/path]; default: the test bed's registry under /release):
#   1. the image, built with buildah (hack/image/build.sh: OCI labels source, revision, version,
#      created; its bases named by digest), tagged <appVersion>;
#   2. its SBOM in CycloneDX JSON: the npm packages from package-lock.json with cyclonedx-npm, and
#      the whole image (Debian packages from dpkg's status, npm packages, Node.js) with syft;
#   3. the chart, its default image pinned to what was pushed, its README generated from the
#      values schema, packaged and pushed beside it under charts/ (image and chart share a
#      version, so one repository would have one tag for both):
#      `helm install nimbus oci://<registry>/charts/nimbus --version <v>`.
# Writes .cache/release/<version>/ (SBOMs, the chart archive, release.env) and prints release.env.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
log() { printf '[release] %s\n' "$*" >&2; }
die() { printf '[release] error: %s\n' "$*" >&2; exit 1; }
source hack/testbed/versions.env
# The SBOM generators, pinned (docs/release.md).
CYCLONEDX_NPM_VERSION=6.0.1

registry=${RELEASE_REGISTRY:-$(hack/testbed/registry.sh address)/release}
registry_host=${registry%%/*}
plain=()
tls=(--tls-verify=true)
case "$registry_host" in 127.0.0.1:* | localhost:*) plain=(--plain-http) tls=(--tls-verify=false) ;; esac
version=$(awk '/^version:/ {print $2}' charts/nimbus/Chart.yaml)
app_version=$(awk '/^appVersion:/ {gsub(/"/, "", $2); print $2}' charts/nimbus/Chart.yaml)
out="$root/.cache/release/$version"
rm -rf "$out" && mkdir -p "$out"
bin=$(hack/testbed/build.sh)
export HELM_CACHE_HOME="$root/.cache/helm/cache" HELM_CONFIG_HOME="$root/.cache/helm/config" HELM_DATA_HOME="$root/.cache/helm/data"

# ---- 1. the image ----
image_ref=$(NIMBUS_REGISTRY="$registry" NIMBUS_IMAGE_TAG="$app_version" hack/image/build.sh)
digest=$(skopeo inspect "${tls[@]}" --format '{{.Digest}}' "docker://$image_ref")
log "image: $image_ref ($digest)"

# ---- 2. the SBOMs ----
if [ "${RELEASE_SBOM:-1}" = 1 ]; then
  # What package-lock.json installs into the image: the operator's runtime dependencies and the
  # console's (bundled into its build). `npm ls` reports swagger-ui-react's nested packages, which
  # declare React up to 18 as a peer, as invalid beside the console's React 19; the generator
  # would stop there (its --ignore-npm-errors is meant for such trees), and the tree is what
  # package-lock.json installs either way.
  npx --yes "@cyclonedx/cyclonedx-npm@$CYCLONEDX_NPM_VERSION" --ignore-npm-errors --omit dev --workspace operator \
    --workspace console --output-reproducible --spec-version 1.6 --output-format JSON \
    --output-file "$out/sbom-npm.cdx.json" >&2
  # Everything in the image as built, Debian's packages included (syft reads dpkg's status file).
  syft=$(hack/testbed/build.sh --syft)/syft
  SYFT_CHECK_FOR_APP_UPDATE=false SYFT_REGISTRY_INSECURE_USE_HTTP=$([ ${#plain[@]} -gt 0 ] && echo true || echo false) \
    "$syft" scan --quiet "registry:$registry/nimbus@$digest" \
    --output "cyclonedx-json@1.6=$out/sbom-image.cdx.json" --source-name nimbus --source-version "$app_version"
  log "SBOMs: $out/sbom-npm.cdx.json, $out/sbom-image.cdx.json"
fi

# ---- 3. the chart ----
stage="$out/chart/nimbus"
mkdir -p "$out/chart"
cp -r charts/nimbus "$stage"
# Its default image is the one just pushed, by digest.
sed -i -e "s#^  repository: .*#  repository: $registry/nimbus#" -e "s#^  digest: ''#  digest: '$digest'#" "$stage/values.yaml"
sed -i "s#^      image: ghcr.io/nimbus-io/nimbus:.*#      image: $registry/nimbus@$digest#" "$stage/Chart.yaml"
grep -q "digest: '$digest'" "$stage/values.yaml" || die "could not pin the image in the chart's values"
node hack/chart/readme.mjs --chart "$stage"
"$bin/helm" lint "$stage" >&2
"$bin/helm" package "$stage" --destination "$out" >&2
"$bin/helm" push "$out/nimbus-$version.tgz" "oci://$registry/charts" "${plain[@]}" >&2
log "chart: oci://$registry/charts/nimbus --version $version"

cat >"$out/release.env" <<ENV
NIMBUS_RELEASE_IMAGE=$registry/nimbus@$digest
NIMBUS_RELEASE_CHART=oci://$registry/charts/nimbus
NIMBUS_RELEASE_VERSION=$version
ENV
if [ "${RELEASE_SBOM:-1}" = 1 ]; then echo "NIMBUS_RELEASE_SBOMS=$out" >>"$out/release.env"; fi
cat "$out/release.env"
