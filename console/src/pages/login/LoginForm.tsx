import { useSignInTranslation } from './useSignInTranslation';
import { credentialChecks } from './credentialChecks';
import { PasswordField, TextField } from './FormFields';
import { SubmitButton } from './SubmitButton';
import { useCheckedForm } from './useCheckedForm';

export interface SignInValues {
  userName: string;
  password: string;
  mfaCode?: string;
}

export interface LoginFormProps {
  onSubmit: (values: SignInValues) => void;
  /** The server asked for a TOTP code (code 1008): show the MFA code field. */
  mfaRequired?: boolean;
  submitting?: boolean;
}

const checks = {
  userName: credentialChecks.userName,
  password: credentialChecks.password,
  mfaCode: credentialChecks.mfaCode,
};

export function LoginForm({ onSubmit, mfaRequired = false, submitting = false }: LoginFormProps) {
  const { t } = useSignInTranslation();
  const form = useCheckedForm({
    initialValues: { userName: '', password: '', mfaCode: '' },
    checks,
    busy: submitting,
    shown: mfaRequired ? ['userName', 'password', 'mfaCode'] : ['userName', 'password'],
    onSubmit: ({ userName, password, mfaCode }) =>
      onSubmit(mfaRequired ? { userName, password, mfaCode } : { userName, password }),
  });
  return (
    <form className="nimbus-form" onSubmit={form.submit} noValidate data-testid="login-form">
      <TextField
        label={t('login.userName')}
        field={form.field('userName')}
        autoComplete="username"
        autoFocus
      />
      <PasswordField
        label={t('login.password')}
        field={form.field('password')}
        autoComplete="current-password"
      />
      {mfaRequired && (
        <TextField
          label={t('login.mfaCode')}
          field={form.field('mfaCode')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          autoFocus
          data-testid="login-mfa-code"
        />
      )}
      <SubmitButton submitting={submitting}>{t('login.signIn')}</SubmitButton>
    </form>
  );
}
