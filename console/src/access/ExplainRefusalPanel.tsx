import type { MemberRefusal } from '@nimbus/api';
import { Alert, Descriptions, Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyExplainAccessQuery } from '../api/accessApi';
import { AccessExplanationView } from './AccessExplanationView';
import { explainFailure } from './explainFailure';
import { callText } from './refusalText';

export interface ExplainRefusalPanelProps {
  userName: string;
  /** The call a member cluster refused, as the operator reported it. */
  refusal: MemberRefusal;
}

/** Explains one call a member cluster refused, exactly as it was made, as soon as it opens. */
export function ExplainRefusalPanel({ userName, refusal }: ExplainRefusalPanelProps) {
  const { t } = useTranslation();
  const [explain, { data, error, isFetching }] = useLazyExplainAccessQuery();
  useEffect(() => {
    const { cause, reason: _reason, ...call } = refusal;
    void explain({ userName, ...call, refused: cause });
  }, [explain, userName, refusal]);
  const failure = explainFailure(error, t);

  return (
    <Flex vertical gap="middle" data-testid="explain-refusal-panel">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('explain.cluster')}>{refusal.cluster}</Descriptions.Item>
        <Descriptions.Item label={t('explain.call.asked')}>
          {callText(refusal, t)}
        </Descriptions.Item>
        <Descriptions.Item label={t('explain.call.memberSaid')}>{refusal.reason}</Descriptions.Item>
      </Descriptions>
      {isFetching && <Spin />}
      {failure !== undefined && <Alert type="error" showIcon title={failure} />}
      {data && !error && !isFetching && <AccessExplanationView answer={data} />}
    </Flex>
  );
}
