import { isLabelValue, isQualifiedName } from '@nimbus/api/shared';
import type { Taint } from '@nimbus/api';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAINT_EFFECTS } from '../../api/nodeApi';
import { RowsEditorDialog } from '../resources/RowsEditorDialog';

export interface TaintEditorDialogProps {
  open: boolean;
  taints: Taint[];
  /** Saves the whole list; a rejection keeps the dialog open. */
  onSave: (taints: Taint[]) => Promise<unknown>;
  onClose: () => void;
}

interface TaintRow {
  key: string;
  value?: string;
  effect?: Taint['effect'];
}

/** A rule of the shared name checks (the server checks the same), on the trimmed text. */
const syntaxRule = (valid: (text: string) => boolean, message: string) => ({
  validator: async (_rule: unknown, value?: string) => {
    const text = value?.trim() ?? '';
    if (text !== '' && !valid(text)) throw new Error(message);
  },
});

const toTaint = ({ key, value, effect }: TaintRow): Taint => ({
  key: key.trim(),
  ...(value?.trim() ? { value: value.trim() } : {}),
  effect: effect ?? 'NoSchedule',
});

/** Edits a node's taints (key, optional value, effect); saving replaces the whole list. */
export function TaintEditorDialog(props: TaintEditorDialogProps) {
  const { t } = useTranslation();
  return (
    <RowsEditorDialog<TaintRow>
      open={props.open}
      title={t('resources.taints.edit')}
      rows={props.taints}
      newRow={{ key: '', value: '' }}
      addLabel={t('resources.taints.add')}
      testId="taint-editor"
      width={720}
      onSave={(rows) => props.onSave(rows.map(toTaint))}
      onClose={props.onClose}
      renderFields={(field, index) => (
        <>
          <Form.Item
            name={[field.name, 'key']}
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: t('resources.taints.keyRequired') },
              syntaxRule(isQualifiedName, t('resources.taints.keyInvalid')),
            ]}
          >
            <Input
              aria-label={t('resources.taints.keyLabel', { index: index + 1 })}
              placeholder={t('resources.taints.key')}
            />
          </Form.Item>
          <Form.Item
            name={[field.name, 'value']}
            validateTrigger="onBlur"
            rules={[syntaxRule(isLabelValue, t('resources.taints.valueInvalid'))]}
          >
            <Input
              aria-label={t('resources.taints.valueLabel', { index: index + 1 })}
              placeholder={t('resources.taints.value')}
            />
          </Form.Item>
          <Form.Item
            name={[field.name, 'effect']}
            rules={[{ required: true, message: t('resources.taints.effectRequired') }]}
          >
            <Select
              aria-label={t('resources.taints.effectLabel', { index: index + 1 })}
              placeholder={t('resources.taints.effect')}
              style={{ width: 180 }}
              options={TAINT_EFFECTS.map((effect) => ({ value: effect, label: effect }))}
            />
          </Form.Item>
        </>
      )}
    />
  );
}
