// Where the running test bed and the operator under test are; set by hack/test.sh.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the suite through \`make test\``);
  }
  return value;
}

export const testEnv = {
  get operatorUrl(): string {
    return required('NIMBUS_URL');
  },
  get hubKubeconfig(): string {
    return required('NIMBUS_HUB_KUBECONFIG');
  },
  get memberKubeconfigs(): string[] {
    return required('NIMBUS_MEMBER_KUBECONFIGS').split(',');
  },
  get testbedBin(): string {
    return required('NIMBUS_TESTBED_BIN');
  },
  /** Log file of the operator under test, searched for leaked secrets. */
  get operatorLog(): string {
    return required('NIMBUS_OPERATOR_LOG');
  },
  /**
   * Base URL of the operator's metrics port (not the API's): NIMBUS_METRICS_URL, else what
   * hack/operator.sh wrote beside the log. Read on each use, as a restart may move the port.
   */
  get metricsUrl(): string {
    const url =
      process.env.NIMBUS_METRICS_URL ??
      readFileSync(join(dirname(this.operatorLog), 'metrics-url'), 'utf8').trim();
    if (!url) throw new Error('the operator under test logged no metrics URL');
    return url;
  },
  host: process.env.NIMBUS_HOST ?? 'nimbus.io',
};
