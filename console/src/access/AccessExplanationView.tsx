import type { AccessExplanation, ExplainedBinding, MemberCheckAnswer } from '@nimbus/api';
import { Alert, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CallExplanationView } from './CallExplanationView';

/** One explanation: the console's verdict and why, the bindings considered, the member's own. */
export function AccessExplanationView({ answer }: { answer: AccessExplanation }) {
  const { t } = useTranslation();
  const { member } = answer;
  const chosen =
    answer.chosen === 'groups'
      ? t('explain.chosenGroups', { groups: answer.groups.join(', ') })
      : answer.chosen === 'user'
        ? t('explain.chosenUser')
        : t('explain.chosenNone');
  const sourceOf = (binding: ExplainedBinding) =>
    binding.source.kind === 'group'
      ? t('explain.sourceGroup', { name: binding.source.name })
      : t('explain.sourceUser');
  // For a call that no console permission covers, the roles say nothing about it.
  const reason = answer.permission
    ? t(`explain.reasons.${answer.reason}`, {
        user: answer.user,
        cluster: answer.cluster,
        organization: answer.organization,
        permission: answer.permission,
      })
    : t('explain.call.noPermission');
  const check = (c: MemberCheckAnswer) =>
    `${c.verb} ${c.group === '' ? c.resource : `${c.resource}.${c.group}`}`;

  return (
    <Flex vertical gap="middle" data-testid="access-explanation">
      {answer.call ? (
        <CallExplanationView answer={answer} call={answer.call} />
      ) : (
        <Alert
          type={answer.allowed ? 'success' : 'error'}
          showIcon
          title={answer.allowed ? t('explain.consoleAllows') : t('explain.consoleRefuses')}
          description={<span data-testid="access-explanation-reason">{reason}</span>}
        />
      )}
      <Descriptions size="small" column={1} bordered>
        {answer.call && (
          <Descriptions.Item label={t('explain.call.console')}>
            <span data-testid="access-explanation-reason">{reason}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('explain.organization')}>
          {answer.organization}
        </Descriptions.Item>
        <Descriptions.Item label={t('explain.chosen')}>{chosen}</Descriptions.Item>
        <Descriptions.Item label={t('explain.effect')}>
          {answer.effect === 'None' ? t('explain.effectNone') : answer.effect}
        </Descriptions.Item>
        <Descriptions.Item label={t('explain.allowedByRoles')}>
          {answer.allowedByRoles ? t('explain.yes') : t('explain.no')}
        </Descriptions.Item>
      </Descriptions>
      {answer.bindings.length > 0 && (
        <Table<ExplainedBinding>
          size="small"
          pagination={false}
          rowKey={(b) => `${sourceOf(b)}/${b.role}`}
          dataSource={answer.bindings}
          columns={[
            { title: t('explain.source'), key: 'source', render: (_, b) => sourceOf(b) },
            {
              title: t('explain.role'),
              key: 'role',
              render: (_, b) => (
                <>
                  {b.role} {!b.usable && <Tag color="warning">{t('explain.roleUnusable')}</Tag>}
                </>
              ),
            },
            { title: t('explain.bindingEffect'), dataIndex: 'effect' },
            {
              title: t('explain.roleSays'),
              key: 'says',
              render: (_, b) => t(`explain.says.${b.permission}`),
            },
          ]}
        />
      )}
      <Typography.Title level={5}>
        {t('explain.member', { principal: member.principal })}
      </Typography.Title>
      {member.status === 'answered' ? (
        <Flex vertical gap="small" data-testid="access-explanation-member">
          <Alert
            type={member.allowed ? 'success' : 'warning'}
            showIcon
            title={member.allowed ? t('explain.memberAllows') : t('explain.memberRefuses')}
          />
          {member.checks.map((c) => (
            <Typography.Text key={check(c)}>
              <Tag color={c.allowed ? 'success' : 'error'}>
                {c.allowed ? t('explain.yes') : t('explain.no')}
              </Tag>
              {check(c)}
            </Typography.Text>
          ))}
        </Flex>
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="access-explanation-member"
          title={t(`explain.memberStatus.${member.status}`)}
          description={member.message}
        />
      )}
    </Flex>
  );
}
