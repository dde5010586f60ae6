import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useSignInTranslation } from './useSignInTranslation';
import { EyeIcon, EyeInvisibleIcon } from './icons';
import type { CheckedField } from './useCheckedForm';

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'autoFocus' | 'inputMode' | 'maxLength' | 'type'
> & { 'data-testid'?: string };

interface FieldProps extends InputAttributes {
  label: string;
  field: CheckedField;
}

/** Label above, input, error message below: antd's vertical form item, in the same look. */
function FieldFrame({
  label,
  field,
  children,
}: Omit<FieldProps, 'type'> & { children: ReactNode }) {
  const { t } = useSignInTranslation();
  return (
    <div className={`nimbus-field${field.error ? ' nimbus-field--error' : ''}`}>
      <label className="nimbus-field__label" htmlFor={field.input.id}>
        {label}
      </label>
      {children}
      {field.error && (
        <div id={field.errorId} className="nimbus-field__error" role="alert">
          {t(field.error)}
        </div>
      )}
    </div>
  );
}

export function TextField({ label, field, type = 'text', ...attributes }: FieldProps) {
  return (
    <FieldFrame label={label} field={field}>
      <input className="nimbus-field__input" type={type} {...field.input} {...attributes} />
    </FieldFrame>
  );
}

/**
 * A password input with a button that shows the characters. The button's name leaves out the
 * word "password" so the field's label stays the only element called that.
 */
export function PasswordField({ label, field, ...attributes }: Omit<FieldProps, 'type'>) {
  const { t } = useSignInTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} field={field}>
      <span className="nimbus-field__affix">
        <input
          className="nimbus-field__input"
          type={visible ? 'text' : 'password'}
          {...field.input}
          {...attributes}
        />
        <button
          type="button"
          className="nimbus-field__reveal"
          aria-label={t('login.showPassword')}
          aria-pressed={visible}
          aria-controls={field.input.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
        </button>
      </span>
    </FieldFrame>
  );
}
