import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../i18n/translationKey';
import type { MenuLink } from '../navigation/menuModel';
import { useMenu } from '../navigation/useMenu';
import { FavouriteLinks } from './FavouriteLinks';
import './MenuPopover.css';

interface SectionProps {
  titleKey: TranslationKey;
  links: readonly MenuLink[];
  onNavigate: () => void;
  testId: string;
}

function MenuSection({ titleKey, links, onNavigate, testId }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className="nimbus-menu__section" data-testid={testId}>
      <Typography.Title level={5}>{t(titleKey)}</Typography.Title>
      <ul className="nimbus-menu__links">
        {links.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} onClick={onNavigate}>
              {t(entry.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The header menu: favourites, tools, User Services (each kind's list page) and, for
 * administrators, Admin Services; links come from the route table's menu placements.
 */
export function MenuPopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tools = useMenu('tools');
  const userServices = useMenu('userServices');
  const adminServices = useMenu('adminServices');
  const close = () => setOpen(false);
  const content = (
    <Flex className="nimbus-menu" gap="large" wrap data-testid="menu-popover">
      <FavouriteLinks onNavigate={close} />
      <MenuSection
        titleKey="menu.tools.title"
        links={tools}
        onNavigate={close}
        testId="menu-tools"
      />
      <MenuSection
        titleKey="menu.userServices"
        links={userServices}
        onNavigate={close}
        testId="user-services"
      />
      {adminServices.length > 0 && (
        <MenuSection
          titleKey="menu.adminServices"
          links={adminServices}
          onNavigate={close}
          testId="admin-services"
        />
      )}
    </Flex>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomLeft"
      open={open}
      onOpenChange={setOpen}
    >
      <Button type="text" icon={<AppstoreOutlined />} data-testid="header-menu">
        {t('header.menu')}
      </Button>
    </Popover>
  );
}
