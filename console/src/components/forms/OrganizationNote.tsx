import { TeamOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentOrganizationId, useUserOrganizations } from '../../appState/useAppData';

/**
 * Which organization a form creates into: roles, clusters, registries and chart sources belong
 * to the current one (the header's switcher), which an administrator of several can miss.
 */
export function OrganizationNote() {
  const { t } = useTranslation();
  const current = useCurrentOrganizationId();
  const { data } = useUserOrganizations();
  const name = data?.items.find((organization) => organization.uuid === current)?.name;
  if (!name) return null;
  return (
    <Typography.Text type="secondary" data-testid="organization-note">
      <TeamOutlined /> {t('admin.common.inOrganization', { name })}
    </Typography.Text>
  );
}
