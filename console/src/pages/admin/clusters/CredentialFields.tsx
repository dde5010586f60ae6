import type { ProviderKind } from '@nimbus/api/shared';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Upload, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  parseJsonObject,
  PROVIDER_FIELDS,
  type CredentialField,
} from '../../../clusters/providerFields';
import type { ClusterFormValues } from './clusterPayload';

interface CredentialFieldsProps {
  kind: ProviderKind;
  form: FormInstance<ClusterFormValues>;
  /** Editing keeps the stored credentials unless new ones are entered. */
  editing: boolean;
  /** An uploaded file replaced a value (the form reports no change for it). */
  onUploaded: () => void;
}

/** The write-only credential inputs of a kind; stored values are never shown back. */
export function CredentialFields({ kind, form, editing, onUploaded }: CredentialFieldsProps) {
  const { t } = useTranslation();
  const fields = PROVIDER_FIELDS[kind];

  const rulesOf = (field: CredentialField): FormRule[] => {
    const rules: FormRule[] = [];
    if (!editing && !field.optional) {
      rules.push({ required: true, message: t('admin.clusters.credentialRequired') });
    }
    if (field.name === fields.jsonFile) {
      rules.push({
        validator: (_rule, value: string | undefined) =>
          !value || parseJsonObject(value)
            ? Promise.resolve()
            : Promise.reject(new Error(t('admin.clusters.invalidJson'))),
      });
    }
    return rules;
  };

  return fields.credentials.map((field) => {
    const label = t(`admin.clusters.credentials.${field.name}`);
    const placeholder = editing ? t('admin.clusters.keepCredentials') : undefined;
    const path: ['credentials', string] = ['credentials', field.name];
    if (field.input !== 'file') {
      return (
        <Form.Item key={field.name} name={path} label={label} rules={rulesOf(field)}>
          {field.input === 'secret' ? (
            <Input.Password autoComplete="new-password" placeholder={placeholder} />
          ) : (
            <Input autoComplete="off" placeholder={placeholder} />
          )}
        </Form.Item>
      );
    }
    return (
      <Form.Item key={field.name} label={label} required={!editing}>
        <Form.Item name={path} rules={rulesOf(field)} noStyle>
          <Input.TextArea
            aria-label={label}
            rows={8}
            spellCheck={false}
            placeholder={placeholder ?? t('admin.clusters.pasteOrUpload')}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Upload
          showUploadList={false}
          beforeUpload={(file) => {
            void file.text().then((text) => {
              form.setFieldValue(path, text);
              onUploaded();
              void form.validateFields([path]);
            });
            // The text goes into the form; nothing is uploaded anywhere.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} style={{ marginTop: 8 }}>
            {t('admin.clusters.upload')}
          </Button>
        </Upload>
      </Form.Item>
    );
  });
}
