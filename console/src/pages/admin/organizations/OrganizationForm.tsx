import type { OrgView } from '@nimbus/api';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { organizationRules } from '../../../organizations/organizationRules';

export interface OrganizationFormValues {
  name: string;
  cnName: string;
  contact: string;
  email: string;
  description?: string;
}

export interface OrganizationFormProps {
  /** Start values when editing; a new organization starts empty. */
  organization?: OrgView;
  submitting: boolean;
  onFinish: (values: OrganizationFormValues) => void;
}

/** Name, alias, contact, contact email and description, with the organization rules. */
export function OrganizationForm({ organization, submitting, onFinish }: OrganizationFormProps) {
  const { t } = useTranslation();
  const editing = organization !== undefined;
  // One set of organization rules, shared with the join-or-create dialog.
  const rules = organizationRules(t);
  const namePlaceholder = t('organization.namePlaceholder');
  return (
    <Form<OrganizationFormValues>
      layout="vertical"
      name={editing ? 'organization-edit' : 'organization-create'}
      data-testid="admin-org-form"
      initialValues={organization}
      onFinish={onFinish}
      style={{ maxWidth: 640 }}
    >
      <Form.Item name="name" label={t('organization.name')} rules={editing ? [] : rules.name}>
        <Input disabled={editing} placeholder={namePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item name="cnName" label={t('organization.alias')} rules={rules.cnName}>
        <Input placeholder={namePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item name="contact" label={t('organization.contact')} rules={rules.contact}>
        <Input placeholder={t('admin.organizations.contactPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('organization.email')}
        validateTrigger={['onBlur', 'onChange']}
        rules={rules.email}
      >
        <Input inputMode="email" placeholder={t('admin.organizations.emailPlaceholder')} />
      </Form.Item>
      <Form.Item name="description" label={t('organization.description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('admin.common.submit')}
      </Button>
    </Form>
  );
}
