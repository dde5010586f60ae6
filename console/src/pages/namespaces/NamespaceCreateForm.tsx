import type { ClusterLocation, CreateNamespaceBody } from '@nimbus/api';
import { Button, Divider, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { envelopeCodeOf } from '../../apiClient/envelope';
import { ResponseCode } from '../../constants';
import { useCreateNamespaceMutation } from '../../api/namespaceApi';
import { useSubmit } from '../../components/admin/useSubmit';
import { dnsLabelNameRules } from '../../components/forms/nameRules';
import { LocationSelect } from '../../components/LocationSelect';
import { createBody, type NamespaceFormValues } from './namespaceValues';
import { locationRules } from './namespaceRules';
import { LimitRangeFields, QuotaFields } from './PolicyFields';
import { UnsavedChangesPrompt } from '../../components/forms/UnsavedChangesPrompt';

/** The operator's code for a name that is already taken. */
const NAMESPACE_LIST_PATH = '/list/Namespace';

/** The add/Namespace form: location, name, optional resource quota and limit range. */
export function NamespaceCreateForm({
  onCreated,
}: {
  onCreated: (body: CreateNamespaceBody & ClusterLocation) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NamespaceFormValues>();
  const [dirty, setDirty] = useState(false);
  const [create] = useCreateNamespaceMutation();

  const { submitting, onFinish } = useSubmit(
    async (values: NamespaceFormValues & { location: ClusterLocation }) => {
      const body = createBody(values);
      try {
        await create(body).unwrap();
      } catch (error) {
        if (envelopeCodeOf(error) === ResponseCode.conflict) {
          form.setFields([
            {
              name: 'name',
              errors: [t('namespaces.validation.duplicate', { name: body.name })],
            },
          ]);
        }
        throw error;
      }
      return body;
    },
    (body) => {
      setDirty(false);
      onCreated(body);
    },
  );

  return (
    <Form<NamespaceFormValues>
      form={form}
      layout="vertical"
      name="namespace-create"
      data-testid="namespace-create-form"
      onValuesChange={() => setDirty(true)}
      onFinish={(values) => onFinish(values as NamespaceFormValues & { location: ClusterLocation })}
      scrollToFirstError
      style={{ maxWidth: 880 }}
    >
      <UnsavedChangesPrompt dirty={dirty && !submitting} />
      <Form.Item name="location" label={t('namespaces.form.location')} rules={locationRules(t)}>
        <LocationSelect data-testid="namespace-location" />
      </Form.Item>
      <Form.Item name="name" label={t('namespaces.form.name')} rules={dnsLabelNameRules(t)}>
        <Input
          data-testid="namespace-name"
          placeholder={t('namespaces.form.namePlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <Divider titlePlacement="start">{t('namespaces.quota.title')}</Divider>
      <QuotaFields prefix={['quota']} />
      <Divider titlePlacement="start">{t('namespaces.limits.title')}</Divider>
      <LimitRangeFields prefix={['limits']} />
      <Space>
        <Button
          type="primary"
          htmlType="submit"
          loading={submitting}
          data-testid="namespace-create-submit"
        >
          {t('namespaces.form.submit')}
        </Button>
        <Link to={NAMESPACE_LIST_PATH}>{t('namespaces.form.cancel')}</Link>
      </Space>
    </Form>
  );
}
