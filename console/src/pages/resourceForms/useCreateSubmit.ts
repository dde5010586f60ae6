import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { envelopeCodeOf } from '../../apiClient/envelope';
import { ResponseCode } from '../../constants';
import { useSubmit } from '../../components/admin/useSubmit';

/**
 * Form submit for the creation forms: a name that is taken is answered beside the name
 * field ('{0} already existed, please change'); after success the form is no longer dirty, so
 * leaving it asks nothing.
 */
export function useCreateSubmit<V, R>(
  form: FormInstance<V>,
  submit: (values: V) => Promise<R>,
  onCreated: (result: R) => void,
) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const { submitting, onFinish } = useSubmit(
    async (values: V) => {
      try {
        return await submit(values);
      } catch (error) {
        if (envelopeCodeOf(error) === ResponseCode.conflict) {
          const named = form as unknown as FormInstance;
          const name = String(named.getFieldValue('name') ?? '');
          named.setFields([
            { name: 'name', errors: [t('resourceForms.validation.duplicate', { name })] },
          ]);
        }
        throw error;
      }
    },
    (result) => {
      setDirty(false);
      onCreated(result);
    },
  );
  return { submitting, onFinish, dirty: dirty && !submitting, markDirty: () => setDirty(true) };
}
