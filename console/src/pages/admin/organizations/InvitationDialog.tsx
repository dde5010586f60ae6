import type { OrgView } from '@nimbus/api';
import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGenerateInvitationMutation } from '../../../api/iamApi';
import { CopyButton } from '../../../components/CopyButton';
import { formatTime } from '../../../components/admin/formatTime';

export interface InvitationDialogProps {
  /** The organization to invite to; the dialog is closed while undefined. */
  organization: OrgView | undefined;
  onClose: () => void;
}

/** Generates invitation information (organization id, inviter id, code) to copy and pass on. */
export function InvitationDialog({ organization, onClose }: InvitationDialogProps) {
  const { t, i18n } = useTranslation();
  const [generate, { data: invitation, isLoading, reset }] = useGenerateInvitationMutation();
  const close = () => {
    // The code is a secret of sorts: do not keep it around for the next organization.
    reset();
    onClose();
  };

  // What the person joining types into the join dialog (same labels), each with a copy button.
  const fields = invitation
    ? [
        {
          key: 'organization',
          label: t('organization.join.organizationId'),
          value: invitation.organizationId,
        },
        {
          key: 'inviter',
          label: t('organization.join.inviter'),
          value: invitation.inviterId,
        },
        {
          key: 'code',
          label: t('organization.join.invitationCode'),
          value: invitation.invitationCode,
        },
      ]
    : [];

  return (
    <Modal
      open={organization !== undefined}
      title={t('admin.organizations.invitation.title', { name: organization?.name ?? '' })}
      onCancel={close}
      footer={
        <Button
          type="primary"
          data-testid="org-invite-generate"
          loading={isLoading}
          onClick={() => organization && void generate(organization.uuid)}
        >
          {invitation
            ? t('admin.organizations.invitation.regenerate')
            : t('admin.organizations.invitation.generate')}
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('admin.organizations.invitation.hint')}
      </Typography.Paragraph>
      {invitation && (
        <Descriptions column={1} bordered size="small">
          {fields.map(({ key, label, value }) => (
            <Descriptions.Item key={key} label={label}>
              <Flex justify="space-between" align="center" gap="small" wrap>
                <Typography.Text code data-testid={`org-invite-${key}`}>
                  {value}
                </Typography.Text>
                <CopyButton text={value} testId={`org-invite-${key}-copy`} />
              </Flex>
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('admin.organizations.invitation.expiresAt')}>
            {formatTime(invitation.expiresAt, i18n.language)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
