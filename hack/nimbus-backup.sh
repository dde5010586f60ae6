#!/usr/bin/env bash
# Backs up and restores what Nimbus keeps in the hub, with kubectl and jq only (docs/backup.md).
#
#   nimbus-backup.sh export DIR [-l SELECTOR]   every nimbus.io object (or those matching
#                                               SELECTOR) and the Secrets of the release namespace
#                                               they own, plus, without a selector, the operator's
#                                               own Secrets (session key); one JSON file per kind
#   nimbus-backup.sh restore DIR                applies them back, in dependency order
#
# A restore makes new objects, so new uids: owner references are rewritten to the new owners
# (by kind and name; the garbage collector would otherwise delete a restored Secret whose owner
# uid is gone), favourites' nimbus.io/cluster-uid label to the new Cluster's uid, and the
# nimbus.io/organization-uid label to the new Organization's uid. Status is
# not restored: the operator writes it again. Env: KUBECTL (kubectl), NIMBUS_NAMESPACE
# (nimbus-system), NIMBUS_RELEASE (nimbus: the session key Secret is <release>-session-key).
set -euo pipefail
action=${1:?export|restore}
dir=${2:?directory}
shift 2
selector=()
if [ "${1:-}" = -l ]; then selector=(-l "${2:?selector}"); fi
kubectl=${KUBECTL:-kubectl}
namespace=${NIMBUS_NAMESPACE:-nimbus-system}
release=${NIMBUS_RELEASE:-nimbus}
# Owners before what they own: organizations, then what belongs to them, then per-user objects.
kinds=(organizations roles users usergroups clusters registries chartsources alarmreceivers
  alarmrules alarmsilences dashboardcategories dashboards favourites sessions)
log() { printf '[nimbus-backup] %s\n' "$*" >&2; }

# What a restore must not send back: server-set fields, and the status the operator rewrites.
strip='del(.metadata.uid, .metadata.resourceVersion, .metadata.creationTimestamp,
  .metadata.generation, .metadata.managedFields, .metadata.deletionTimestamp,
  .metadata.deletionGracePeriodSeconds, .metadata.selfLink, .status)'

# Kind/name → uid of everything restored so far, for owner references and labels.
uid_map() {
  local kind
  for kind in "${kinds[@]}"; do
    "$kubectl" get "$kind.nimbus.io" -o json |
      jq '[.items[] | {key: "\(.kind)/\(.metadata.name)", value: .metadata.uid}]'
  done | jq -s 'add | from_entries'
}

# Rewrites owner references (dropping those whose owner was not restored), favourites' cluster
# uid label and every object's organization uid label (an object stamped with an earlier
# organization's uid belongs to nobody), using the uids of the restored objects.
rewrite='
  .metadata.ownerReferences = [(.metadata.ownerReferences // [])[]
    | select($uids["\(.kind)/\(.name)"]) | .uid = $uids["\(.kind)/\(.name)"]]
  | if .metadata.ownerReferences == [] then del(.metadata.ownerReferences) else . end
  | if .kind == "Favourite" and $uids["Cluster/\(.spec.cluster)"]
    then .metadata.labels["nimbus.io/cluster-uid"] = $uids["Cluster/\(.spec.cluster)"] else . end
  | first((.metadata.labels["nimbus.io/organization"] // empty), (.spec.organization? | strings), null) as $org
  | if .metadata.labels["nimbus.io/organization-uid"] and $org and $uids["Organization/\($org)"]
    then .metadata.labels["nimbus.io/organization-uid"] = $uids["Organization/\($org)"] else . end'

apply_file() { # file
  local count
  count=$(jq '.items | length' "$1")
  [ "$count" -gt 0 ] || return 0
  jq --argjson uids "$(uid_map)" "{apiVersion: \"v1\", kind: \"List\", items: [.items[] | $strip | $rewrite]}" "$1" |
    "$kubectl" apply --server-side --force-conflicts --field-manager=nimbus-restore -f - >/dev/null
  log "restored $count from $(basename "$1")"
}

case "$action" in
  export)
    mkdir -p "$dir"
    for kind in "${kinds[@]}"; do
      "$kubectl" get "$kind.nimbus.io" "${selector[@]}" -o json | jq '{items: .items}' >"$dir/$kind.json"
    done
    uids=$(jq -s '[.[].items[].metadata.uid]' "$dir"/*.json)
    # The Secrets those objects own (credentials of users, clusters, registries, chart sources,
    # alarm receivers); without a selector also the operator's own (session key).
    "$kubectl" -n "$namespace" get secrets -o json |
      jq --argjson uids "$uids" --arg key "$release-session-key" --arg all "${#selector[@]}" '{items: [.items[]
        | select(((.metadata.ownerReferences // []) | any(.uid as $u | $uids | index($u)))
          or ($all == "0" and .metadata.name == $key))]}' >"$dir/secrets.json"
    for file in "$dir"/*.json; do log "$(basename "$file"): $(jq '.items | length' "$file")"; done
    ;;
  restore)
    [ -f "$dir/secrets.json" ] || { log "no backup in $dir"; exit 1; }
    for kind in "${kinds[@]}"; do apply_file "$dir/$kind.json"; done
    apply_file "$dir/secrets.json"
    ;;
  *) log "usage: nimbus-backup.sh export|restore DIR [-l SELECTOR]"; exit 2 ;;
esac
