import type { OrgView } from '@nimbus/api';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateOwnOrganizationMutation } from '../api/organizationApi';
import { organizationRules } from './organizationRules';

interface CreateValues {
  name: string;
  cnName: string;
  contact: string;
  email: string;
  description?: string;
}

/** Creates an organization, of which the caller becomes administrator. */
export function CreateOrganizationForm({
  onCreated,
}: {
  onCreated: (organization: OrgView) => void;
}) {
  const { t } = useTranslation();
  const [create, { isLoading }] = useCreateOwnOrganizationMutation();
  const rules = organizationRules(t);
  const namePlaceholder = t('organization.namePlaceholder');
  const submit = async (values: CreateValues) => {
    try {
      onCreated(
        await create({
          name: values.name.trim(),
          cnName: values.cnName.trim(),
          contact: values.contact.trim(),
          email: values.email.trim(),
          description: values.description?.trim() ?? '',
          monitorKey: '',
          monitorValue: '',
        }).unwrap(),
      );
    } catch {
      // The base query has already told the user what went wrong.
    }
  };
  return (
    <Form<CreateValues>
      layout="vertical"
      onFinish={(values) => void submit(values)}
      data-testid="create-org-form"
    >
      <Form.Item name="name" label={t('organization.name')} rules={rules.name}>
        <Input placeholder={namePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item name="cnName" label={t('organization.alias')} rules={rules.cnName}>
        <Input placeholder={namePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item name="contact" label={t('organization.contact')} rules={rules.contact}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('organization.email')}
        rules={rules.email}
        validateTrigger={['onBlur', 'onChange']}
      >
        <Input autoComplete="email" />
      </Form.Item>
      <Form.Item name="description" label={t('organization.description')}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('organization.create.submit')}
      </Button>
    </Form>
  );
}
