import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CredentialsAgainAlert, credentialsAgainProps } from './credentialsAgain';

/** One credential input, written under the form's `credentials`. */
export interface CredentialFieldSpec {
  /** The key under `credentials`: the field is named `['credentials', name]`. */
  name: string;
  /** The translated label. */
  label: string;
  /** A user name or key ID, a password or secret key, or a PEM certificate. */
  input: 'text' | 'password' | 'certificate';
  testId?: string | undefined;
}

/**
 * The credential inputs of a form that stores credentials for an address. Credentials are
 * write-only: existing values are never sent to the browser, so an edit starts with the fields
 * empty and, while `kept`, says that the stored ones are kept unless any is entered. Once the
 * address changes (`credentialsAgain`), the stored ones no longer apply: that alert gives way to
 * the one asking for them again, and the fields become required (see credentialsAgain.tsx).
 * Must be rendered inside the Form whose fields these are.
 */
export function CredentialFields(props: {
  fields: readonly CredentialFieldSpec[];
  /** An edit of an object whose stored credentials are kept unless entered. */
  kept: boolean;
  /** The translated "credentials kept" message. */
  keptMessage: string;
  keptTestId?: string | undefined;
  /** The address the stored credentials were given for changed. */
  credentialsAgain: boolean;
  /** Rows of a certificate's text area. */
  certificateRows: number;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const again = credentialsAgainProps(
    form,
    props.fields.map((field) => ['credentials', field.name]),
    props.credentialsAgain,
    t('common.credentialsAgainRequired'),
  );

  return (
    <>
      {props.kept && !props.credentialsAgain && (
        <Alert
          type="info"
          showIcon
          data-testid={props.keptTestId}
          title={props.keptMessage}
          style={{ marginBottom: 16 }}
        />
      )}
      <CredentialsAgainAlert shown={props.credentialsAgain} />
      {props.fields.map((field) => (
        <Form.Item
          key={field.name}
          name={['credentials', field.name]}
          label={field.label}
          {...again(['credentials', field.name])}
        >
          {field.input === 'certificate' ? (
            <Input.TextArea
              rows={props.certificateRows}
              data-testid={field.testId}
              placeholder="-----BEGIN CERTIFICATE-----"
            />
          ) : field.input === 'password' ? (
            <Input.Password data-testid={field.testId} autoComplete="new-password" />
          ) : (
            <Input data-testid={field.testId} autoComplete="off" />
          )}
        </Form.Item>
      ))}
    </>
  );
}
