import { Input } from 'antd';

export interface TextFilterProps {
  /** Names the field for screen readers and shows as its placeholder. */
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/** The filter above a monitoring tab's table: filters as you type, clears with one click. */
export function TextFilter({ label, value, onChange }: TextFilterProps) {
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={label}
      style={{ maxWidth: 420 }}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
