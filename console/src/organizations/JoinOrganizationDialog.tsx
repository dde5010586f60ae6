import type { OrgView } from '@nimbus/api';
import { Modal, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import { appActions } from '../appState/appSlice';
import { useSignedInUser } from '../appState/useAppData';
import { useSwitchOrganization } from '../appState/useSwitchOrganization';
import { CreateOrganizationForm } from './CreateOrganizationForm';
import { JoinOrganizationForm } from './JoinOrganizationForm';

/**
 * Join an organization by invitation or create one. Either closes the dialog and
 * switches to that organization.
 */
export default function JoinOrganizationDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useSignedInUser();
  const switchTo = useSwitchOrganization();
  const close = () => dispatch(appActions.joinOrganizationClosed());
  const enter = (organization: OrgView) => {
    close();
    void switchTo(organization.uuid);
  };
  return (
    <Modal open title={t('organization.dialogTitle')} footer={null} onCancel={close}>
      <div data-testid="join-org-dialog">
        <Typography.Paragraph type="secondary">{t('organization.dialogHint')}</Typography.Paragraph>
        <Tabs
          items={[
            {
              key: 'join',
              label: <span data-testid="join-org-tab-join">{t('organization.join.tab')}</span>,
              children: user && <JoinOrganizationForm userId={user.userId} onJoined={enter} />,
            },
            {
              key: 'create',
              label: <span data-testid="join-org-tab-create">{t('organization.create.tab')}</span>,
              children: <CreateOrganizationForm onCreated={enter} />,
            },
          ]}
        />
      </div>
    </Modal>
  );
}
