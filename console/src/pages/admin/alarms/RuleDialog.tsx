import type { RuleView } from '@nimbus/api';
import { alarmOperators, type AlarmOperator } from '@nimbus/api/shared';
import { Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListReceiversQuery, useSaveRuleMutation } from '../../../api/alarmConfigApi';
import { useListProvidersQuery } from '../../../api/clusterApi';
import { resourceNameRules } from '../../../components/forms/nameRules';
import { AlarmFormDialog } from './AlarmFormDialog';

interface RuleFormValues {
  name: string;
  cluster: string;
  metric: string;
  operator: AlarmOperator;
  threshold: number;
  durationSeconds: number;
  header: string;
  content?: string;
  receivers?: string[];
  enabled: boolean;
}

/** What the operator fills into a rule's content (docs/api.md "Alarms"). */
const CONTENT_PLACEHOLDERS = ['value', 'threshold', 'cluster', 'rule', 'labels.name']
  .map((name) => `{{${name}}}`)
  .join(', ');

const NEW_RULE: Partial<RuleFormValues> = {
  operator: '>',
  durationSeconds: 60,
  enabled: true,
  receivers: [],
};

const ruleValuesOf = (rule: RuleView | undefined): Partial<RuleFormValues> =>
  rule ? valuesOfRule(rule) : NEW_RULE;

const ruleBodyOf = (values: RuleFormValues) => ({
  ...values,
  name: values.name.trim(),
  metric: values.metric.trim(),
  header: values.header.trim(),
  content: values.content?.trim() ?? '',
  receivers: values.receivers ?? [],
});

const valuesOfRule = (rule: RuleView): RuleFormValues => ({
  name: rule.name,
  cluster: rule.cluster,
  metric: rule.metric,
  operator: rule.operator,
  threshold: rule.threshold,
  durationSeconds: rule.durationSeconds,
  header: rule.header,
  content: rule.content,
  receivers: rule.receivers,
  enabled: rule.enabled,
});

/** Alarm rule: target metric, operator, threshold, duration, message, receivers. */
export function RuleDialog(props: {
  organizationId: string;
  rule: RuleView | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleFormValues>();
  const editing = props.rule !== undefined;
  const skip = !props.open || !props.organizationId;
  const { data: clusters } = useListProvidersQuery(
    { organizationId: props.organizationId, page: 1, pageSize: 100 },
    { skip },
  );
  const { data: receivers } = useListReceiversQuery(props.organizationId, { skip });
  const [saveRule, { isLoading }] = useSaveRuleMutation();
  const required = { required: true, message: t('alarmSettings.required') };

  return (
    <AlarmFormDialog
      form={form}
      testId="rule-form"
      title={t(editing ? 'alarmSettings.rules.edit' : 'alarmSettings.rules.create')}
      open={props.open}
      saving={isLoading}
      item={props.rule}
      valuesOf={ruleValuesOf}
      save={(values) =>
        saveRule({
          organizationId: props.organizationId,
          existing: editing,
          body: ruleBodyOf(values),
        }).unwrap()
      }
      onClose={props.onClose}
      width={640}
    >
      <Form.Item
        name="name"
        label={t('alarmSettings.name')}
        rules={resourceNameRules(t, t('alarmSettings.required'))}
      >
        <Input data-testid="rule-name" disabled={editing} />
      </Form.Item>
      <Form.Item name="cluster" label={t('alarmSettings.rules.cluster')} rules={[required]}>
        <Select
          data-testid="rule-cluster"
          options={(clusters?.items ?? []).map((c) => ({ value: c.name, label: c.name }))}
        />
      </Form.Item>
      <Form.Item
        name="metric"
        label={t('alarmSettings.rules.metric')}
        extra={t('alarmSettings.rules.metricHint')}
        rules={[{ ...required, whitespace: true }]}
      >
        <Input.TextArea data-testid="rule-metric" rows={2} maxLength={4096} />
      </Form.Item>
      <Form.Item label={t('alarmSettings.rules.condition')} required>
        <Space.Compact>
          <Form.Item name="operator" noStyle>
            <Select
              data-testid="rule-operator"
              aria-label={t('alarmSettings.rules.operator')}
              style={{ width: 90 }}
              options={alarmOperators.map((value) => ({ value, label: value }))}
            />
          </Form.Item>
          <Form.Item name="threshold" noStyle rules={[required]}>
            <InputNumber
              data-testid="rule-threshold"
              aria-label={t('alarmSettings.rules.threshold')}
              placeholder={t('alarmSettings.rules.threshold')}
              style={{ width: 160 }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="durationSeconds"
        label={t('alarmSettings.rules.duration')}
        rules={[required]}
      >
        <InputNumber data-testid="rule-duration" min={0} max={86_400} />
      </Form.Item>
      <Form.Item
        name="header"
        label={t('alarmSettings.rules.header')}
        rules={[{ ...required, whitespace: true }]}
      >
        <Input data-testid="rule-header" maxLength={256} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('alarmSettings.rules.content')}
        extra={t('alarmSettings.rules.contentHint', { placeholders: CONTENT_PLACEHOLDERS })}
      >
        <Input.TextArea data-testid="rule-content" rows={3} maxLength={4096} />
      </Form.Item>
      <Form.Item name="receivers" label={t('alarmSettings.rules.receivers')}>
        <Select
          data-testid="rule-receivers"
          mode="multiple"
          options={(receivers ?? []).map((r) => ({ value: r.name, label: r.name }))}
        />
      </Form.Item>
      <Form.Item name="enabled" label={t('alarmSettings.rules.enabled')} valuePropName="checked">
        <Switch data-testid="rule-enabled" />
      </Form.Item>
    </AlarmFormDialog>
  );
}
