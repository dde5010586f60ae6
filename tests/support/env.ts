// Where the running test bed and the operator under test are; set by hack/test.sh.
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
  host: process.env.NIMBUS_HOST ?? 'nimbus.io',
};
