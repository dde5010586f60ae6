import { Checkbox } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';

/**
 * A Checkbox.Group as a form field: a named group of checkboxes. Form.Item marks its field
 * aria-required when a rule requires it, which a plain div may not carry (a group's boxes
 * are each a control); the group is named by the field's label instead.
 */
export function CheckboxGroupField({
  'aria-required': _required,
  label,
  ...props
}: CheckboxGroupProps & { 'aria-required'?: boolean | 'true' | 'false'; label: string }) {
  return <Checkbox.Group role="group" aria-label={label} {...props} />;
}
