import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../feedback/serverMessage';

export type ConnectionTest =
  | { state: 'idle' }
  | { state: 'testing' }
  | { state: 'passed'; count: number }
  | { state: 'failed'; message: string };

/**
 * The connection test of the add forms (registries, chart sources): validates the form, runs the
 * test with its values and keeps the outcome (a count, or the operator's message) until the form
 * changes; the form may be saved only after a passing test of what it holds.
 */
export function useConnectionTest<V>(form: FormInstance<V>, run: (values: V) => Promise<number>) {
  const { t } = useTranslation();
  const [test, setTest] = useState<ConnectionTest>({ state: 'idle' });
  const runTest = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setTest({ state: 'testing' });
    try {
      setTest({ state: 'passed', count: await run(values) });
    } catch (error) {
      setTest({ state: 'failed', message: failureMessage(error, t) });
    }
  };
  return { test, runTest, reset: () => setTest({ state: 'idle' }) };
}
