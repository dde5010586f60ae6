import type { ClusterLocation } from '@nimbus/api';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../components/LocationSelect';
import { NamespaceSelector } from '../../components/NamespaceSelector';
import { locationRules } from '../namespaces/namespaceRules';

/**
 * Location and (for namespaced kinds) namespace must be chosen; only an Active
 * namespace can be (the selector disables the others). A new location empties the namespace.
 */
export function PlacementFields({ namespaced }: { namespaced: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const location = Form.useWatch<ClusterLocation | undefined>('location', form);
  return (
    <>
      <Form.Item
        name="location"
        label={t('resourceForms.fields.location')}
        rules={locationRules(t)}
      >
        <LocationSelect
          data-testid="form-location"
          onChange={() => {
            if (namespaced) form.setFieldValue('namespace', undefined);
          }}
        />
      </Form.Item>
      {namespaced && (
        <Form.Item
          name="namespace"
          label={t('resourceForms.fields.namespace')}
          rules={[{ required: true, message: t('resourceForms.validation.namespaceRequired') }]}
        >
          <NamespaceSelector
            vendor={location?.vendor}
            region={location?.region}
            cluster={location?.cluster}
          />
        </Form.Item>
      )}
    </>
  );
}
