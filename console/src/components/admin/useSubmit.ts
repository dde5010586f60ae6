import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Form submit: idle, loading while the request runs, idle again on any response; on
 * success the after-submit action runs. A failure was already reported by the base query.
 */
export function useSubmit<V, R>(
  submit: (values: V) => Promise<R>,
  onSubmitted: (result: R) => void,
): { submitting: boolean; onFinish: (values: V) => void } {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);

  const run = async (values: V) => {
    setSubmitting(true);
    let result: R;
    try {
      result = await submit(values);
    } catch {
      setSubmitting(false);
      return;
    }
    setSubmitting(false);
    void message.success(t('admin.common.operationSucceeded'));
    onSubmitted(result);
  };

  return {
    submitting,
    onFinish: (values) => {
      if (!submitting) void run(values);
    },
  };
}
