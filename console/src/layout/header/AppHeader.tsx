import { Flex, Layout } from 'antd';
import { Link } from 'react-router';
import { AlarmMessagesBell } from '../../components/alarms/AlarmMessagesBell';
import { LanguageSelect } from '../../components/LanguageSelect';
import { ThemeSelect } from '../../components/ThemeSelect';
import { PRODUCT_NAME } from '../../constants';
import { HOME_PATH } from '../../routes/paths';
import { GlobalSearch } from './GlobalSearch';
import { MenuPopover } from './MenuPopover';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { UserMenu } from './UserMenu';

/** The header: menu, global search, organization, language, theme and user menu. */
export function AppHeader() {
  return (
    <Layout.Header className="nimbus-shell__header">
      <Flex align="center" gap="small" style={{ height: '100%' }}>
        <Link to={HOME_PATH} className="nimbus-shell__brand">
          {PRODUCT_NAME}
        </Link>
        <MenuPopover />
        <Flex align="center" gap="small" style={{ marginLeft: 'auto' }}>
          <GlobalSearch />
          <OrganizationSwitcher />
          <AlarmMessagesBell />
          <LanguageSelect testId="header-language" />
          <ThemeSelect />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
