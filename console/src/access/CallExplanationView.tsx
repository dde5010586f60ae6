import type { AccessExplanation, CallExplanation } from '@nimbus/api';
import { Alert, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callText, resourceOf, verbText } from './refusalText';

const outcomeType = { allowed: 'success', refused: 'error', unknown: 'info' } as const;
const list = (values: readonly string[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;

/**
 * The answer about one exact call: refused or allowed (never allowed for a call that was just
 * refused), why, what the user holds on the resource in the member, and the rule that is missing.
 */
export function CallExplanationView({
  answer,
  call,
}: {
  answer: AccessExplanation;
  call: CallExplanation;
}) {
  const { t } = useTranslation();
  const none = t('explain.call.none');
  const principal = answer.member.principal;
  const { missing } = call;
  return (
    <Flex vertical gap="small" data-testid="call-explanation">
      <Alert
        type={outcomeType[call.outcome]}
        showIcon
        title={
          <span data-testid="call-explanation-outcome">
            {t(`explain.call.outcome.${call.outcome}`, { call: callText(call.call, t) })}
          </span>
        }
        description={
          <span data-testid="call-explanation-finding">
            {t(`explain.call.findings.${call.finding}`, {
              principal,
              user: answer.user,
              cluster: answer.cluster,
              permission: answer.permission || none,
            })}
          </span>
        }
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item
          label={t('explain.call.held', { principal, resource: resourceOf(call.call) })}
        >
          {call.held.map((verb) => verbText(verb, t)).join(', ') || none}
        </Descriptions.Item>
        {missing && (
          <Descriptions.Item label={t('explain.call.missing')}>
            <Typography.Text code data-testid="call-explanation-missing">
              {`apiGroups: ${list(missing.apiGroups)}, resources: ${list(missing.resources)}, verbs: ${list(missing.verbs)}`}
            </Typography.Text>{' '}
            {missing.namespace
              ? t('explain.call.missingWhere', { namespace: missing.namespace })
              : t('explain.call.missingCluster')}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('explain.call.permissions')}>
          {call.permissions.join(', ') || none}
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
