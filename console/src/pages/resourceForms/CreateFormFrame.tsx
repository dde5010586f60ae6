import { Button, Form, Input, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listPath } from '../../resources/resourceKinds';
import { dnsLabelNameRules } from '../../components/forms/nameRules';
import { UnsavedChangesPrompt } from '../../components/forms/UnsavedChangesPrompt';
import { PlacementFields } from './PlacementFields';

export interface CreateFormFrameProps<V> {
  form: FormInstance<V>;
  /** The Kind: names the form and its list page (the cancel link). */
  kind: string;
  namespaced: boolean;
  submitting: boolean;
  dirty: boolean;
  onChange: () => void;
  onFinish: (values: V) => void;
  initialValues?: Partial<V>;
  children: ReactNode;
}

/**
 * What every resource creation form shares: location (and namespace), the resource name, the
 * kind's own fields, then submit and cancel; leaving with unsaved data asks first.
 */
export function CreateFormFrame<V extends object>({
  form,
  kind,
  namespaced,
  submitting,
  dirty,
  onChange,
  onFinish,
  initialValues,
  children,
}: CreateFormFrameProps<V>) {
  const { t } = useTranslation();
  return (
    <Form<V>
      form={form}
      layout="vertical"
      name={`create-${kind}`}
      data-testid={`create-${kind}-form`}
      initialValues={initialValues}
      onValuesChange={onChange}
      onFinish={onFinish}
      scrollToFirstError
      style={{ maxWidth: 880 }}
    >
      <UnsavedChangesPrompt dirty={dirty} />
      <PlacementFields namespaced={namespaced} />
      <Form.Item name="name" label={t('resourceForms.fields.name')} rules={dnsLabelNameRules(t)}>
        <Input
          data-testid="form-name"
          placeholder={t('namespaces.form.namePlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      {children}
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="form-submit">
          {t('resourceForms.actions.create')}
        </Button>
        <Link to={listPath(kind)}>{t('resourceForms.actions.cancel')}</Link>
      </Space>
    </Form>
  );
}
