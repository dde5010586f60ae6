import type { OrgView } from '@nimbus/api';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJoinOrganizationMutation } from '../api/organizationApi';
import { requiredTrimmed } from './organizationRules';

interface JoinValues {
  organizationId: string;
  inviter: string;
  invitationCode: string;
}

/** Joins an organization with the invitation an administrator generated. */
export function JoinOrganizationForm({
  userId,
  onJoined,
}: {
  userId: string;
  onJoined: (organization: OrgView) => void;
}) {
  const { t } = useTranslation();
  const [join, { isLoading }] = useJoinOrganizationMutation();
  const rules = requiredTrimmed(t);
  const submit = async (values: JoinValues) => {
    try {
      const organization = await join({
        organizationId: values.organizationId.trim(),
        inviter: values.inviter.trim(),
        invitationCode: values.invitationCode.trim(),
        invitee: userId,
      }).unwrap();
      onJoined(organization);
    } catch {
      // The base query has already told the user what went wrong.
    }
  };
  return (
    <Form<JoinValues>
      layout="vertical"
      onFinish={(values) => void submit(values)}
      data-testid="join-org-form"
    >
      <Form.Item name="organizationId" label={t('organization.join.organizationId')} rules={rules}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="inviter" label={t('organization.join.inviter')} rules={rules}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="invitationCode" label={t('organization.join.invitationCode')} rules={rules}>
        <Input autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('organization.join.submit')}
      </Button>
    </Form>
  );
}
