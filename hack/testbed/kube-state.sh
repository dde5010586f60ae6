#!/usr/bin/env bash
# kube-state-metrics' condition and Deployment series for one member, which kwok's CEL cannot
# compute (manifests/kwok-metrics.yaml has the rest): every few seconds one `kubectl get` renders
# them from the live objects into a file node-exporter's textfile collector serves, labelled
# testbed_member (each member's Prometheus keeps only its own). Started by monitoring.sh.
# Usage: kube-state.sh <member> <out file> [interval seconds]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
member=$1 out=$2 interval=${3:-5}
kubectl="$("$testbed_dir/build.sh" --print-only)/kubectl"
kc=$(kubeconfig_of "$member")
l="testbed_member=\"$member\""
# One range per metric family: the text format wants a family's samples together.
template='{{range .items}}{{if eq .kind "Node"}}{{$n := .metadata.name}}{{range .status.conditions}}'
template+="kube_node_status_condition{$l"',node="{{$n}}",condition="{{.type}}",status="true"} {{if eq .status "True"}}1{{else}}0{{end}}
'"kube_node_status_condition{$l"',node="{{$n}}",condition="{{.type}}",status="false"} {{if eq .status "False"}}1{{else}}0{{end}}
'"kube_node_status_condition{$l"',node="{{$n}}",condition="{{.type}}",status="unknown"} {{if eq .status "Unknown"}}1{{else}}0{{end}}
{{end}}{{end}}{{end}}'
template+='{{range .items}}{{if eq .kind "Node"}}'"kube_node_info{$l"',node="{{.metadata.name}}",kubelet_version="{{.status.nodeInfo.kubeletVersion}}",os_image="{{.status.nodeInfo.osImage}}",kernel_version="{{.status.nodeInfo.kernelVersion}}",container_runtime_version="{{.status.nodeInfo.containerRuntimeVersion}}"} 1
{{end}}{{end}}'
template+='{{range .items}}{{if eq .kind "Node"}}'"kube_node_spec_unschedulable{$l"',node="{{.metadata.name}}"} {{if .spec.unschedulable}}1{{else}}0{{end}}
{{end}}{{end}}'
for c in true false; do
  want=$([ $c = true ] && echo True || echo False)
  template+='{{range .items}}{{if eq .kind "Pod"}}{{$p := .}}{{$ready := "False"}}{{range .status.conditions}}{{if eq .type "Ready"}}{{$ready = .status}}{{end}}{{end}}'"kube_pod_status_ready{$l"',namespace="{{$p.metadata.namespace}}",pod="{{$p.metadata.name}}",condition="'$c'"} {{if eq $ready "'$want'"}}1{{else}}0{{end}}
{{end}}{{end}}'
done
for f in spec.replicas status.replicas status.availableReplicas status.unavailableReplicas status.updatedReplicas; do
  case $f in
    spec.replicas) name=kube_deployment_spec_replicas ;;
    status.replicas) name=kube_deployment_status_replicas ;;
    status.availableReplicas) name=kube_deployment_status_replicas_available ;;
    status.unavailableReplicas) name=kube_deployment_status_replicas_unavailable ;;
    status.updatedReplicas) name=kube_deployment_status_replicas_updated ;;
  esac
  template+='{{range .items}}{{if eq .kind "Deployment"}}'"$name{$l"',namespace="{{.metadata.namespace}}",deployment="{{.metadata.name}}"} {{or .'"$f"' 0}}
{{end}}{{end}}'
done
trap 'rm -f "$out.tmp"; exit 0' TERM INT
while :; do
  # A failed read leaves the last file in place; Prometheus marks it stale by its timestamp gauge.
  # Nodes apart: a field selector on metadata.namespace is refused for cluster-scoped kinds. Each
  # metric family ranges over one kind, so the two outputs keep every family together.
  if { "$kubectl" --kubeconfig "$kc" --request-timeout=5s get nodes -o go-template="$template" &&
    "$kubectl" --kubeconfig "$kc" --request-timeout=5s get pods,deployments -A \
      "$unmonitored_selector" -o go-template="$template"; } >"$out.tmp" 2>/dev/null; then
    printf 'testbed_kube_state_last_success_timestamp_seconds{%s} %s\n' "$l" "$(date +%s)" >>"$out.tmp"
    mv "$out.tmp" "$out"
  fi
  sleep "$interval" &
  wait $!
done
