import { Input, Typography } from 'antd';
import { useId } from 'react';

export interface TypeToConfirmProps {
  /** What to type, said in full ("Type web to confirm"). */
  prompt: string;
  value: string;
  onChange: (value: string) => void;
  onConfirm: () => void;
}

/** The labelled box a delete dialog asks its confirmation in; Enter confirms. */
export function TypeToConfirm({ prompt, value, onChange, onConfirm }: TypeToConfirmProps) {
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId}>
        <Typography.Text>{prompt}</Typography.Text>
      </label>
      <Input
        id={inputId}
        data-testid="delete-confirm-input"
        value={value}
        autoComplete="off"
        autoFocus
        onChange={(event) => onChange(event.target.value)}
        onPressEnter={onConfirm}
        style={{ marginTop: 8 }}
      />
    </>
  );
}
