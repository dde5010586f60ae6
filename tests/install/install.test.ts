// The install tier (hack/test.sh, after the end-to-end tier): one Helm release through its whole
// life on the test bed's real node. The phases share the release, so they run in this order.
import './phases/install.js';
import './phases/shared-state.js';
import './phases/members.js';
import './phases/lifecycle.js';
