import type { FormInstance, FormItemProps, FormRule } from 'antd';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

type FieldName = NonNullable<FormItemProps['name']>;

const sameName = (a: FieldName, b: FieldName) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Stored credentials go only to the address they were given for (docs/decisions/
 * credential-addresses.md): once a field that decides where they go (host, URL, SMTP server,
 * endpoint) differs from the stored object's, the operator refuses to keep them, so the form asks
 * for them again. With `needed`, the props of each credential field make it required until any
 * of `fields` is entered.
 */
export function credentialsAgainProps(
  form: FormInstance,
  fields: readonly FieldName[],
  needed: boolean,
  message: string,
): (field: FieldName) => Pick<FormItemProps, 'required' | 'rules' | 'dependencies'> {
  const entered = () =>
    fields.some((field) => {
      const value: unknown = form.getFieldValue(field);
      return typeof value === 'string' && value.trim() !== '';
    });
  const rules: FormRule[] = needed
    ? [
        {
          validator: async () => {
            if (!entered()) throw new Error(message);
          },
        },
      ]
    : [];
  return (field) => ({
    required: needed,
    rules,
    dependencies: fields.filter((other) => !sameName(other, field)),
  });
}

/** Why the credential fields became required. */
export function CredentialsAgainAlert(props: { shown: boolean }) {
  const { t } = useTranslation();
  if (!props.shown) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="credentials-again"
      title={t('common.credentialsAgain')}
      style={{ marginBottom: 16 }}
    />
  );
}
