import type { DashboardView, Panel, PanelBodyInput } from '@nimbus/api';
import { metricUnits, panelVisualizations } from '@nimbus/api/shared';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useGetDashboardQuery, useSavePanelMutation } from '../../api/dashboardApi';
import { useSubmit } from '../../components/admin/useSubmit';
import { currentOrganizationId } from '../../components/admin/session';
import { DASHBOARD_PATHS } from './dashboardPaths';
import { emptyBuilder, formValuesOf, panelToSave, type PanelFormValues } from './panelDraft';
import { buildPromql } from './promql/buildPromql';
import { PanelPreview } from './PanelPreview';
import { PromqlBuilderForm } from './promql/PromqlBuilderForm';
import { useCompletionClient } from './promql/useCompletionClient';

const PromqlEditor = lazy(() => import('./promql/PromqlEditor'));

/** /dashboard/:dashboard/config: adds a panel to a dashboard, or edits the one in ?panel=. */
export default function PanelConfigPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dashboardName = useParams().dashboard ?? '';
  const panelName = useSearchParams()[0].get('panel') ?? undefined;
  const organizationId = currentOrganizationId();
  const ref = { organizationId, dashboard: dashboardName };
  const { data: dashboard, isLoading } = useGetDashboardQuery(ref, { skip: !organizationId });
  const panel = dashboard?.panels.find((p) => p.name === panelName);
  const [savePanel] = useSavePanelMutation();

  if (isLoading) return <Spin fullscreen />;
  if (!dashboard || (panelName !== undefined && !panel)) {
    return <Result status="404" title={t('dashboards.config.notFound')} />;
  }
  return (
    <PanelEditor
      key={panel?.name ?? 'new'}
      dashboardName={dashboardName}
      panel={panel}
      location={dashboard.location}
      onDone={() => void navigate(DASHBOARD_PATHS.detail(dashboardName))}
      save={(body) => savePanel({ ...ref, panel: body, isNew: panel === undefined }).unwrap()}
    />
  );
}

interface PanelEditorProps {
  dashboardName: string;
  panel: Panel | undefined;
  location: DashboardView['location'];
  onDone: () => void;
  save: (body: PanelBodyInput) => Promise<unknown>;
}

function PanelEditor({ dashboardName, panel, location, onDone, save }: PanelEditorProps) {
  const { t } = useTranslation();
  const [builder, setBuilder] = useState(panel?.builder ?? emptyBuilder);
  const [query, setQuery] = useState(panel?.query ?? '');
  const client = useCompletionClient(location);
  const { submitting, onFinish } = useSubmit(
    (values: PanelFormValues) => save(panelToSave(panel?.name, values, query, builder)),
    onDone,
  );
  const changeBuilder = useCallback((next: typeof builder) => {
    setBuilder(next);
    setQuery(buildPromql(next));
  }, []);

  return (
    <Form<PanelFormValues>
      layout="vertical"
      initialValues={formValuesOf(panel)}
      onFinish={(values) => {
        if (query.trim() !== '') onFinish(values);
      }}
      style={{ padding: 24 }}
    >
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t(panel ? 'dashboards.config.editTitle' : 'dashboards.config.addTitle', {
            dashboard: dashboardName,
          })}
        </Typography.Title>
        <Flex gap="small">
          <Button onClick={onDone}>{t('dashboards.common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('dashboards.common.save')}
          </Button>
        </Flex>
      </Flex>
      <Row gutter={24} style={{ marginTop: 16 }}>
        <Col xs={24} lg={8}>
          <Card title={t('dashboards.config.panel')} size="small">
            <Form.Item
              name="title"
              label={t('dashboards.config.title')}
              rules={[
                { required: true, whitespace: true, message: t('dashboards.config.titleRequired') },
              ]}
            >
              <Input autoFocus maxLength={253} />
            </Form.Item>
            <Form.Item name="description" label={t('dashboards.common.description')}>
              <Input.TextArea rows={2} maxLength={1024} />
            </Form.Item>
            <Form.Item name="visualization" label={t('dashboards.config.visualization')}>
              <Select
                options={panelVisualizations.map((value) => ({
                  value,
                  label: t(`dashboards.visualizations.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="unit" label={t('dashboards.config.unit')}>
              <Select
                data-testid="panel-unit"
                allowClear
                placeholder={t('dashboards.config.noUnit')}
                options={metricUnits.map((value) => ({
                  value,
                  label: t(`dashboards.units.${value}`),
                }))}
              />
            </Form.Item>
            <Flex gap="middle">
              <Form.Item name="threshold" label={t('dashboards.config.threshold')}>
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="danger" label={t('dashboards.config.danger')}>
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Flex>
            <Form.Item
              name="legendFormat"
              label={t('dashboards.config.legendFormat')}
              extra={t('dashboards.config.legendFormatHelp')}
            >
              <Input maxLength={253} placeholder="{{pod}}" />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('dashboards.config.builder')} size="small">
            <PromqlBuilderForm value={builder} onChange={changeBuilder} client={client} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('dashboards.config.query')} size="small">
            <Suspense fallback={<Spin />}>
              <PromqlEditor
                aria-label={t('dashboards.config.query')}
                value={query}
                onChange={setQuery}
                client={client}
              />
            </Suspense>
            {query.trim() === '' && (
              <Typography.Text type="danger">
                {t('dashboards.config.queryRequired')}
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <PanelPreview query={query} location={location} />
    </Form>
  );
}
