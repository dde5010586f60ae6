import { Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentOrganizationId } from '../../../components/admin/session';
import { AlarmBasicSettings } from './AlarmBasicSettings';
import ReceiversPage from './ReceiversPage';
import { RulesList } from './RulesList';
import SilencesPage from './SilencesPage';

const TABS = ['basic', 'rules', 'receiver', 'silence'] as const;
type AlarmTab = (typeof TABS)[number];

const tabOf = (value: string | null): AlarmTab => TABS.find((tab) => tab === value) ?? 'basic';

/**
 * /admin/alarm/config: the organization's alarm settings (basic, receiver and silence
 * settings; rules; messages), one tab each; `?tab=` keeps the open one in the address.
 */
export default function AlarmConfigPage() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const [params, setParams] = useSearchParams();
  const active = tabOf(params.get('tab'));

  return (
    <Flex vertical style={{ padding: '24px 24px 0' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('alarmSettings.title')}
      </Typography.Title>
      <Tabs
        data-testid="alarm-config-tabs"
        activeKey={active}
        onChange={(tab) => setParams({ tab }, { replace: true })}
        items={[
          {
            key: 'basic',
            label: t('alarmSettings.tabs.basic'),
            children: <AlarmBasicSettings organizationId={organizationId} />,
          },
          {
            key: 'rules',
            label: t('alarmSettings.tabs.rules'),
            children: <RulesList organizationId={organizationId} />,
          },
          { key: 'receiver', label: t('alarmSettings.tabs.receiver'), children: <ReceiversPage /> },
          { key: 'silence', label: t('alarmSettings.tabs.silence'), children: <SilencesPage /> },
        ]}
      />
    </Flex>
  );
}
