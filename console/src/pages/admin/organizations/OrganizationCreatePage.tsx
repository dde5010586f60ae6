import type { OrgView } from '@nimbus/api';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateOwnOrganizationMutation } from '../../../api/organizationApi';
import { useSubmit } from '../../../components/admin/useSubmit';
import { ADMIN_PATHS } from '../adminPaths';
import { OrganizationForm, type OrganizationFormValues } from './OrganizationForm';

export interface OrganizationCreatePageProps {
  /**
   * What happens after the organization is created. By default the organization list opens;
   * every cached organization list (the admin table, the organization switcher) reloads either
   * way because creating one invalidates them.
   */
  onSubmitted?: (organization: OrgView) => void;
}

/** The create organization screen: title, organization form, submit with loading state. */
export default function OrganizationCreatePage({ onSubmitted }: OrganizationCreatePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [createOrganization] = useCreateOwnOrganizationMutation();
  const { submitting, onFinish } = useSubmit(
    (values: OrganizationFormValues) =>
      createOrganization({
        name: values.name,
        cnName: values.cnName,
        contact: values.contact.trim(),
        email: values.email.trim(),
        description: values.description?.trim() ?? '',
        monitorKey: '',
        monitorValue: '',
      }).unwrap(),
    onSubmitted ?? (() => void navigate(ADMIN_PATHS.organizations)),
  );

  return (
    <Flex vertical gap="middle" style={{ padding: 24 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('admin.organizations.create')}
      </Typography.Title>
      <OrganizationForm submitting={submitting} onFinish={onFinish} />
    </Flex>
  );
}
