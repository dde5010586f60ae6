import { Alert, Button, Flex, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLazyExplainAccessQuery } from '../api/accessApi';
import { useListClusterNamesQuery, useListPermissionsQuery } from '../api/iamApi';
import { MAX_PAGE_SIZE } from '../components/admin/useListParams';
import { AccessExplanationView } from './AccessExplanationView';
import { explainFailure } from './explainFailure';
import { permissionText } from './permissionText';

export interface ExplainAccessPanelProps {
  userName: string;
  /** The organization whose clusters are offered. */
  organizationId: string;
  initialCluster?: string;
}

interface Question {
  cluster: string;
  permission: string;
}

/** Asks "why can / can't this user do this on this cluster" and shows the answer. */
export function ExplainAccessPanel({
  userName,
  organizationId,
  initialCluster,
}: ExplainAccessPanelProps) {
  const { t } = useTranslation();
  const { data: clusters = [] } = useListClusterNamesQuery(
    { organizationId, page: 1, pageSize: MAX_PAGE_SIZE },
    { skip: !organizationId },
  );
  const { data: permissions } = useListPermissionsQuery(undefined);
  const [explain, { data, error, isFetching }] = useLazyExplainAccessQuery();
  const failure = explainFailure(error, t);

  return (
    <Flex vertical gap="middle" data-testid="explain-access-panel">
      <Form<Question>
        layout="inline"
        initialValues={initialCluster ? { cluster: initialCluster } : {}}
        onFinish={(q) => void explain({ userName, ...q })}
      >
        <Form.Item
          name="cluster"
          rules={[{ required: true, message: t('explain.clusterRequired') }]}
        >
          <Select
            aria-label={t('explain.cluster')}
            placeholder={t('explain.cluster')}
            style={{ minWidth: 200 }}
            options={clusters.map((name) => ({ value: name, label: name }))}
          />
        </Form.Item>
        <Form.Item
          name="permission"
          rules={[{ required: true, message: t('explain.permissionRequired') }]}
        >
          <Select
            aria-label={t('explain.permission')}
            placeholder={t('explain.permission')}
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 240 }}
            options={(permissions?.items ?? []).map((p) => ({
              value: p.name,
              label: `${p.name} — ${permissionText(p, t)}`,
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isFetching}>
          {t('explain.ask')}
        </Button>
      </Form>
      {failure !== undefined && <Alert type="error" showIcon title={failure} />}
      {data && !error && <AccessExplanationView answer={data} />}
    </Flex>
  );
}
