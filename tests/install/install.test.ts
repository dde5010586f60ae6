// The install tier (hack/test.sh, after the end-to-end tier): one Helm release through its whole
// life on the test bed's real node, installed from oci:// out of the test bed's registry (the chart
// `make release` pushed there): first the version before it, then an upgrade across a CRD schema
// change. The phases share the release, so they run in this order; the last kills the real nodes
// and starts them again as another checkout would.
import './phases/install.js';
import './phases/crd-upgrade.js';
import './phases/shared-state.js';
import './phases/members.js';
import './phases/lifecycle.js';
import './phases/store-switch.js';
import './phases/uninstall.js';
import './phases/killed-nodes.js';
