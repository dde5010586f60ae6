import { TeamOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentOrganizationId, useUserOrganizations } from '../../appState/useAppData';
import { useSwitchOrganization } from '../../appState/useSwitchOrganization';

/** Picks the current organization; choosing one reloads the shell in it. */
export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const { data } = useUserOrganizations();
  const current = useCurrentOrganizationId();
  const switchTo = useSwitchOrganization();
  const options = (data?.items ?? []).map((organization) => ({
    value: organization.uuid,
    label: organization.name,
  }));
  return (
    <Select<string>
      data-testid="header-org-switcher"
      aria-label={t('header.organization')}
      prefix={<TeamOutlined />}
      value={current}
      placeholder={t('header.noOrganization')}
      options={options}
      onChange={(organizationId) => {
        if (organizationId !== current) void switchTo(organizationId);
      }}
      popupMatchSelectWidth={false}
      style={{ minWidth: 160 }}
    />
  );
}
