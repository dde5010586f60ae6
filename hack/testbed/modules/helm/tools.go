//go:build tools

package tools

import _ "helm.sh/helm/v4/cmd/helm"
