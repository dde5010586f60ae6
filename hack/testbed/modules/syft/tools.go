//go:build tools

package tools

import _ "github.com/anchore/syft/cmd/syft"
