import type { ClusterLocation } from '@nimbus/api';
import { applicationKinds, type ApplicationKind } from '@nimbus/api/shared';
import { Checkbox, Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dnsLabelNameRules } from '../../components/forms/nameRules';
import { LocationSelect } from '../../components/LocationSelect';
import { NamespaceSelector } from '../../components/NamespaceSelector';
import { locationRules } from '../namespaces/namespaceRules';
import { CronHint } from './CronHint';
import { scheduleRules } from './applicationRules';

const MAX_REPLICAS = 1000;

function NumberItem({
  name,
  label,
  min = 0,
}: {
  name: string | string[];
  label: string;
  min?: number;
}) {
  return (
    <Col span={6}>
      <Form.Item name={name} label={label}>
        <InputNumber min={min} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
}

/** CronJob: its schedule, policies, deadlines, Job sizes and history limits. */
function CronJobFields() {
  const { t } = useTranslation();
  const schedule = Form.useWatch<string | undefined>(['cron', 'schedule']);
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name={['cron', 'schedule']}
            label={t('appForm.cron.schedule')}
            rules={scheduleRules(t)}
            extra={<CronHint schedule={schedule} />}
          >
            <Input placeholder="0 2 * * *" data-testid="cron-schedule" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name={['cron', 'concurrencyPolicy']}
            label={t('appForm.cron.concurrencyPolicy')}
            initialValue="Allow"
          >
            <Select
              options={(['Allow', 'Forbid', 'Replace'] as const).map((value) => ({
                value,
                label: value,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={['cron', 'suspend']} label=" " valuePropName="checked">
            <Checkbox>{t('appForm.cron.suspend')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <NumberItem
          name={['cron', 'startingDeadlineSeconds']}
          label={t('appForm.cron.startingDeadlineSeconds')}
        />
        <NumberItem
          name={['cron', 'activeDeadlineSeconds']}
          label={t('appForm.cron.activeDeadlineSeconds')}
          min={1}
        />
        <NumberItem name={['cron', 'backoffLimit']} label={t('appForm.cron.backoffLimit')} />
        <NumberItem name={['cron', 'parallelism']} label={t('appForm.cron.parallelism')} />
        <NumberItem name={['cron', 'completions']} label={t('appForm.cron.completions')} />
        <NumberItem
          name={['cron', 'successfulJobsHistoryLimit']}
          label={t('appForm.cron.successfulJobsHistoryLimit')}
        />
        <NumberItem
          name={['cron', 'failedJobsHistoryLimit']}
          label={t('appForm.cron.failedJobsHistoryLimit')}
        />
      </Row>
    </>
  );
}

/** The kind's own fields: replicas, grace period, StatefulSet/DaemonSet strategies, cron. */
function KindFields({ kind }: { kind: ApplicationKind }) {
  const { t } = useTranslation();
  const strategy = Form.useWatch<string | undefined>('updateStrategy');
  const replicated = kind === 'Deployment' || kind === 'StatefulSet';
  return (
    <>
      <Row gutter={16}>
        {replicated && (
          <Col span={6}>
            <Form.Item name="replicas" label={t('appForm.basic.replicas')} initialValue={1}>
              <InputNumber
                min={0}
                max={MAX_REPLICAS}
                precision={0}
                style={{ width: '100%' }}
                data-testid="app-replicas"
              />
            </Form.Item>
          </Col>
        )}
        <NumberItem
          name="terminationGracePeriodSeconds"
          label={t('appForm.basic.terminationGracePeriodSeconds')}
        />
        {kind === 'StatefulSet' && (
          <Col span={6}>
            <Form.Item name="podManagementPolicy" label={t('appForm.basic.podManagementPolicy')}>
              <Select
                allowClear
                options={(['OrderedReady', 'Parallel'] as const).map((value) => ({
                  value,
                  label: value,
                }))}
              />
            </Form.Item>
          </Col>
        )}
        {(kind === 'StatefulSet' || kind === 'DaemonSet') && (
          <Col span={6}>
            <Form.Item name="updateStrategy" label={t('appForm.basic.updateStrategy')}>
              <Select
                allowClear
                options={(['RollingUpdate', 'OnDelete'] as const).map((value) => ({
                  value,
                  label: value,
                }))}
              />
            </Form.Item>
          </Col>
        )}
        {kind === 'StatefulSet' && strategy === 'RollingUpdate' && (
          <NumberItem name="partition" label={t('appForm.basic.partition')} />
        )}
      </Row>
      {kind === 'CronJob' && <CronJobFields />}
    </>
  );
}

/** Step 1: kind (on /add/Application), location, namespace, name, labels, annotations. */
export function BasicStep({
  kind,
  kindChoosable,
}: {
  kind: ApplicationKind;
  kindChoosable: boolean;
}) {
  const { t } = useTranslation();
  const location = Form.useWatch<ClusterLocation | undefined>('location');
  return (
    <>
      {kindChoosable && (
        <Form.Item name="kind" label={t('appForm.basic.kind')}>
          <Select
            data-testid="app-kind"
            options={applicationKinds.map((value) => ({
              value,
              label: t(`appForm.kinds.${value}`),
            }))}
          />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="location" label={t('appForm.basic.location')} rules={locationRules(t)}>
            <LocationSelect data-testid="app-location" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="namespace"
            label={t('appForm.basic.namespace')}
            rules={[{ required: true, message: t('appForm.validation.namespaceRequired') }]}
          >
            <NamespaceSelector {...(location ?? {})} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="name" label={t('appForm.basic.name')} rules={dnsLabelNameRules(t)}>
        <Input
          data-testid="app-name"
          autoComplete="off"
          placeholder={t('namespaces.form.namePlaceholder')}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="labelsText"
            label={t('appForm.basic.labels')}
            extra={t('appForm.basic.keyValueHint')}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} placeholder="team: shop" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="annotationsText"
            label={t('appForm.basic.annotations')}
            extra={t('appForm.basic.keyValueHint')}
          >
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t(`appForm.kinds.${kind}`)}</Divider>
      <KindFields kind={kind} />
    </>
  );
}
