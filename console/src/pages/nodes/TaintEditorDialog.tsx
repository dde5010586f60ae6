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

/** Kubernetes' qualified-name rule for taint keys: an optional DNS prefix and a name. */
const TAINT_KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const TAINT_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

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
              { pattern: TAINT_KEY, message: t('resources.taints.keyInvalid') },
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
            rules={[{ pattern: TAINT_VALUE, message: t('resources.taints.valueInvalid') }]}
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
