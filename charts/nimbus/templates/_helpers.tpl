{{/* Chart name, overridable with nameOverride. */}}
{{- define "nimbus.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Fully qualified app name, cut to 63 characters because some Kubernetes name fields are
limited to that. The release name is used alone when it already contains the chart name.
*/}}
{{- define "nimbus.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "nimbus.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels that select the operator pods; they must never change after install. */}}
{{- define "nimbus.selectorLabels" -}}
app.kubernetes.io/name: {{ include "nimbus.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "nimbus.labels" -}}
helm.sh/chart: {{ include "nimbus.chart" . }}
{{ include "nimbus.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/component: operator
app.kubernetes.io/part-of: nimbus
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "nimbus.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "nimbus.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- required "serviceAccount.name is required when serviceAccount.create is false" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The operator creates it when absent, unless it is the user's existingSecret. */}}
{{- define "nimbus.sessionKeySecretName" -}}
{{- default (printf "%s-session-key" (include "nimbus.fullname" .)) .Values.sessionSigningKey.existingSecret }}
{{- end }}

{{/* Holds the bootstrap admin's generated password until it is changed; made by the operator. */}}
{{- define "nimbus.initialAdminSecretName" -}}
{{- printf "%s-initial-admin" (include "nimbus.fullname" .) | trunc 253 }}
{{- end }}

{{/*
The volume source of the extra CA bundle: the chart's ConfigMap for inline PEM, or the user's
ConfigMap or Secret. Empty when none is set; more than one is a mistake worth failing on.
*/}}
{{- define "nimbus.extraCaVolume" -}}
{{- $ca := .Values.extraCACertificates }}
{{- $set := compact (list $ca.pem $ca.existingConfigMap $ca.existingSecret) }}
{{- if gt (len $set) 1 }}
{{- fail "extraCACertificates: set only one of pem, existingConfigMap and existingSecret" }}
{{- end }}
{{- $items := list (dict "key" $ca.key "path" $ca.key) }}
{{- if $ca.pem }}
configMap:
  name: {{ include "nimbus.fullname" . }}-extra-ca
  items: {{ toJson $items }}
{{- else if $ca.existingConfigMap }}
configMap:
  name: {{ $ca.existingConfigMap }}
  items: {{ toJson $items }}
{{- else if $ca.existingSecret }}
secret:
  secretName: {{ $ca.existingSecret }}
  items: {{ toJson $items }}
{{- end }}
{{- end }}

{{/* Topology spread constraints; one without a labelSelector selects this release's pods. */}}
{{- define "nimbus.topologySpreadConstraints" -}}
{{- $selector := dict "matchLabels" (include "nimbus.selectorLabels" . | fromYaml) }}
{{- $constraints := list }}
{{- range .Values.topologySpreadConstraints }}
{{- $constraint := deepCopy . }}
{{- if not (hasKey $constraint "labelSelector") }}
{{- $_ := set $constraint "labelSelector" $selector }}
{{- end }}
{{- $constraints = append $constraints $constraint }}
{{- end }}
{{- with $constraints }}
{{- toYaml . }}
{{- end }}
{{- end }}

{{/* Pods with this label in the release namespace may reach the HTTP port under the NetworkPolicy. */}}
{{- define "nimbus.clientLabel" -}}
nimbus.io/client: "true"
{{- end }}

{{/*
Image repository: global.imageRegistry replaces the registry host of image.repository (its first
segment when that names a host: it has a dot or a port, or is localhost) or prefixes it.
*/}}
{{- define "nimbus.imageRepository" -}}
{{- $repository := .Values.image.repository }}
{{- with (.Values.global).imageRegistry }}
{{- $segments := splitList "/" $repository }}
{{- $first := first $segments }}
{{- if and (gt (len $segments) 1) (or (contains "." $first) (contains ":" $first) (eq "localhost" $first)) }}
{{- $repository = rest $segments | join "/" }}
{{- end }}
{{- $repository = printf "%s/%s" (trimSuffix "/" .) $repository }}
{{- end }}
{{- $repository }}
{{- end }}

{{/* Image reference; a digest pins the image and wins over the tag. */}}
{{- define "nimbus.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" (include "nimbus.imageRepository" .) .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" (include "nimbus.imageRepository" .) (.Values.image.tag | default .Chart.AppVersion) }}
{{- end }}
{{- end }}

{{/*
Pod affinity: the user's affinity, plus the anti-affinity preset that spreads replicas over
nodes unless the user wrote their own podAntiAffinity.
*/}}
{{- define "nimbus.affinity" -}}
{{- $affinity := deepCopy (.Values.affinity | default dict) }}
{{- if and .Values.podAntiAffinityPreset (not (hasKey $affinity "podAntiAffinity")) }}
{{- $selector := dict "matchLabels" (include "nimbus.selectorLabels" . | fromYaml) }}
{{- $term := dict "topologyKey" "kubernetes.io/hostname" "labelSelector" $selector }}
{{- if eq .Values.podAntiAffinityPreset "hard" }}
{{- $_ := set $affinity "podAntiAffinity" (dict "requiredDuringSchedulingIgnoredDuringExecution" (list $term)) }}
{{- else }}
{{- $weighted := dict "weight" 100 "podAffinityTerm" $term }}
{{- $_ := set $affinity "podAntiAffinity" (dict "preferredDuringSchedulingIgnoredDuringExecution" (list $weighted)) }}
{{- end }}
{{- end }}
{{- with $affinity }}
{{- toYaml . }}
{{- end }}
{{- end }}

{{/*
The audit policy document the operator reads (audit.policy of the values).
*/}}
{{- define "nimbus.auditPolicy" -}}
apiVersion: nimbus.io/v1alpha1
kind: AuditPolicy
{{ toYaml (dict "rules" .Values.audit.policy.rules) }}
{{- end }}

{{/*
The operator's workload: a StatefulSet with a volume per replica for store sqlite (and for store
postgres while postgres.keepVolumes holds the files the audit copy reads), else a Deployment.
*/}}
{{- define "nimbus.workloadKind" -}}
{{- if and (eq .Values.store "postgres") (not .Values.postgres.keepVolumes) -}}
Deployment
{{- else -}}
StatefulSet
{{- end }}
{{- end }}
