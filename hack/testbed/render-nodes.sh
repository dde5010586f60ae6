#!/usr/bin/env bash
# Prints the simulated nodes of a member cluster: three per member, each labelled with
# instance type, zone and region like a cloud node, and annotated for kwok to manage.
set -euo pipefail
name=$1
case "$name" in
  member-a) region=us-east-1; zones=(us-east-1a us-east-1b us-east-1c); type=m5.xlarge ;;
  member-b) region=cn-hangzhou; zones=(cn-hangzhou-h cn-hangzhou-i cn-hangzhou-j); type=ecs.g7.xlarge ;;
  *) echo "unknown member $name" >&2; exit 1 ;;
esac
for i in 0 1 2; do
  cat <<YAML
---
apiVersion: v1
kind: Node
metadata:
  name: ${name}-node-${i}
  annotations:
    kwok.x-k8s.io/node: fake
    node.alpha.kubernetes.io/ttl: "0"
  labels:
    kubernetes.io/hostname: ${name}-node-${i}
    kubernetes.io/os: linux
    kubernetes.io/arch: amd64
    type: kwok
    node.kubernetes.io/instance-type: ${type}
    topology.kubernetes.io/region: ${region}
    topology.kubernetes.io/zone: ${zones[$i]}
status:
  allocatable:
    cpu: "4"
    memory: 16Gi
    pods: "110"
  capacity:
    cpu: "4"
    memory: 16Gi
    pods: "110"
  nodeInfo:
    architecture: amd64
    operatingSystem: linux
    kubeletVersion: fake
    kubeProxyVersion: fake
    containerRuntimeVersion: kwok
    osImage: kwok simulated node
    kernelVersion: kwok
YAML
done
