import { Modal, Tabs, type TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { UI_SIZES } from '../constants';
import { appActions, type SettingsTab } from '../appState/appSlice';
import { useSystemConfigs, useUserInfo } from '../appState/useAppData';
import { AccessKeyTab } from './AccessKeyTab';
import { BasicSettingsForm } from './BasicSettingsForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { MfaTab } from './MfaTab';

/**
 * Personal settings: basic config, change password, reset AK/SK and, when the system
 * enables MFA, MFA setup. Which tab shows is kept in the store, so anything can open it there.
 */
export default function PersonalSettingsDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { open, tab } = useAppSelector((state) => state.app.settings);
  const mfaEnabled = useSystemConfigs().data?.MFA === true;
  const { data: user } = useUserInfo();
  const close = () => dispatch(appActions.settingsClosed());
  const label = (key: SettingsTab, text: string) => (
    <span data-testid={`settings-tab-${key}`}>{text}</span>
  );

  const items: TabsProps['items'] = user && [
    {
      key: 'basic',
      label: label('basic', t('settings.tabs.basic')),
      children: <BasicSettingsForm user={user} onSaved={close} />,
    },
    {
      key: 'password',
      label: label('password', t('settings.tabs.password')),
      children: <ChangePasswordForm userName={user.userName} />,
    },
    {
      key: 'aksk',
      label: label('aksk', t('settings.tabs.aksk')),
      children: <AccessKeyTab userName={user.userName} />,
    },
    ...(mfaEnabled
      ? [
          {
            key: 'mfa',
            label: label('mfa', t('settings.tabs.mfa')),
            children: <MfaTab user={user} onUnbound={close} />,
          },
        ]
      : []),
  ];

  return (
    <Modal
      open={open}
      title={t('settings.title')}
      width={UI_SIZES.personalSettingsWidthPx}
      style={{ top: UI_SIZES.personalSettingsTopPx }}
      footer={null}
      onCancel={close}
    >
      <div data-testid="personal-settings-dialog">
        <Tabs
          activeKey={tab === 'mfa' && !mfaEnabled ? 'basic' : tab}
          onChange={(key) => dispatch(appActions.settingsOpened(key as SettingsTab))}
          items={items}
          destroyOnHidden
        />
      </div>
    </Modal>
  );
}
