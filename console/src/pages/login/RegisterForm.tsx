import { useSignInTranslation } from './useSignInTranslation';
import { credentialChecks } from './credentialChecks';
import { PasswordField, TextField } from './FormFields';
import { SubmitButton } from './SubmitButton';
import { useCheckedForm } from './useCheckedForm';

export interface RegisterValues {
  userName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const checks = {
  userName: credentialChecks.userName,
  email: credentialChecks.email,
  password: credentialChecks.password,
  confirmPassword: credentialChecks.confirmPassword,
};

export function RegisterForm({
  onSubmit,
  submitting = false,
}: {
  onSubmit: (values: RegisterValues) => void;
  submitting?: boolean;
}) {
  const { t } = useSignInTranslation();
  const form = useCheckedForm<RegisterValues>({
    initialValues: { userName: '', email: '', password: '', confirmPassword: '' },
    checks,
    busy: submitting,
    dependants: { password: ['confirmPassword'] },
    onSubmit,
  });
  return (
    <form className="nimbus-form" onSubmit={form.submit} noValidate data-testid="register-form">
      <TextField
        label={t('login.userName')}
        field={form.field('userName')}
        autoComplete="username"
      />
      <TextField
        label={t('login.email')}
        field={form.field('email')}
        type="email"
        autoComplete="email"
      />
      <PasswordField
        label={t('login.password')}
        field={form.field('password')}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('login.confirmPassword')}
        field={form.field('confirmPassword')}
        autoComplete="new-password"
      />
      <SubmitButton submitting={submitting}>{t('login.register')}</SubmitButton>
    </form>
  );
}
