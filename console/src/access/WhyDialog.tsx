import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { appActions } from '../appState/appSlice';
import { ExplainAccessPanel } from './ExplainAccessPanel';
import { ExplainRefusalPanel } from './ExplainRefusalPanel';

/**
 * "Why?" after a refusal (9997): the signed-in user asks why they may not do it; a call a member
 * cluster refused is explained at once, exactly as it was made.
 */
export default function WhyDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const why = useAppSelector((state) => state.app.why);
  const user = useAppSelector((state) => state.app.user);
  const organizationId = useAppSelector((state) => state.app.organizationId);
  const close = () => dispatch(appActions.whyClosed());
  return (
    <Modal
      open
      title={t('explain.whyTitle')}
      footer={null}
      width={760}
      onCancel={close}
      data-testid="why-dialog"
    >
      <Typography.Paragraph type="secondary">
        {why.refusal ? t('explain.call.intro') : t('explain.whyIntro')}
      </Typography.Paragraph>
      {user && why.refusal ? (
        <ExplainRefusalPanel userName={user.userName} refusal={why.refusal} />
      ) : user && organizationId ? (
        <ExplainAccessPanel
          userName={user.userName}
          organizationId={organizationId}
          {...(why.cluster ? { initialCluster: why.cluster } : {})}
        />
      ) : (
        <Typography.Text>{t('explain.noOrganization')}</Typography.Text>
      )}
    </Modal>
  );
}
