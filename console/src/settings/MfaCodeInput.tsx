import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const CODE_LENGTH = 6;

/**
 * A TOTP code field that submits itself once six digits are in (the MFA tab has no submit
 * button), and again on Enter after a rejected code.
 */
export function MfaCodeInput({
  onComplete,
  disabled,
}: {
  onComplete: (code: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <Input
      value={code}
      disabled={disabled}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      placeholder={t('settings.mfa.codePlaceholder')}
      aria-label={t('settings.mfa.code')}
      data-testid="mfa-code-input"
      style={{ width: 200 }}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
        setCode(digits);
        if (digits.length === CODE_LENGTH) onComplete(digits);
      }}
      onPressEnter={() => {
        if (code.length === CODE_LENGTH) onComplete(code);
      }}
    />
  );
}
