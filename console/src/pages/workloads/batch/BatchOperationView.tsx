import type { WorkloadKind } from '@nimbus/api/shared';
import { Alert, Button, Flex, Radio, Steps, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { WorkloadTarget } from '../../../api/workloadApi';
import { useListResourcesInfiniteQuery } from '../../../api/resourceApi';
import { useAppDispatch } from '../../../app/hooks';
import { useKindRegistry } from '../../../resources/KindRegistryContext';
import type { ListedObject } from '../../../resources/kubeObject';
import { useSomeClusterAllows } from '../../../access/useSomeClusterAllows';
import {
  batchOperationPermission,
  batchOperationsOf,
  keyOfTarget,
  runOperation,
  targetOfRow,
  type BatchOperation,
} from './batchOperations';
import { runInTurn, type Outcome } from '../../../resources/runInTurn';
import { OutcomeTag } from '../../resources/OutcomeTag';

function TargetsTable({
  targets,
  outcomes,
}: {
  targets: WorkloadTarget[];
  outcomes?: Record<string, Outcome>;
}) {
  const { t } = useTranslation();
  return (
    <Table<WorkloadTarget>
      size="small"
      rowKey={keyOfTarget}
      dataSource={targets}
      pagination={{ hideOnSinglePage: true, pageSize: 20 }}
      columns={[
        { key: 'name', title: t('resources.columns.name'), dataIndex: 'name' },
        { key: 'namespace', title: t('resources.columns.namespace'), dataIndex: 'namespace' },
        { key: 'cluster', title: t('resources.columns.cluster'), dataIndex: 'cluster' },
        ...(outcomes
          ? [
              {
                key: 'outcome',
                title: t('resourceForms.batch.outcome'),
                render: (_value: unknown, target: WorkloadTarget) => (
                  <OutcomeTag outcome={outcomes[keyOfTarget(target)] ?? 'pending'} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * The batch application operation, a wizard of two steps: confirm the selection (the
 * applications and what to do to them), then confirm; each is done as the caller, one at a time.
 */
export function BatchOperationView() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { type = '' } = useParams();
  const descriptor = useKindRegistry().descriptorOfType(type);
  const kind = (descriptor?.plural ?? 'deployments') as WorkloadKind;
  const allows = useSomeClusterAllows();
  const operations = batchOperationsOf(kind).filter((operation) =>
    allows(batchOperationPermission[operation]),
  );
  const [step, setStep] = useState(0);
  const [operation, setOperation] = useState<BatchOperation>(operations[0] ?? 'delete');
  const [selected, setSelected] = useState<WorkloadTarget[]>([]);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>();
  const { data, isFetching, hasNextPage, fetchNextPage } = useListResourcesInfiniteQuery({
    plural: kind,
    pageSize: 100,
  });
  const rows = data?.pages.flatMap((page) => page.items) ?? [];
  const running = outcomes !== undefined && Object.values(outcomes).includes('running');
  const finished =
    outcomes !== undefined &&
    selected.every((target) => outcomes[keyOfTarget(target)] !== 'pending');

  const confirm = async () => {
    setOutcomes(Object.fromEntries(selected.map((target) => [keyOfTarget(target), 'pending'])));
    await runInTurn(
      selected,
      keyOfTarget,
      (target) => runOperation(dispatch, operation, target),
      (key, outcome) => setOutcomes((previous) => ({ ...previous, [key]: outcome })),
    );
  };
  const startOver = () => {
    setSelected([]);
    setOutcomes(undefined);
    setStep(0);
  };

  return (
    <Flex vertical gap="middle" data-testid="batch-operation">
      <Steps
        current={step}
        items={[
          { title: t('resourceForms.batch.selectStep') },
          { title: t('resourceForms.batch.confirmStep') },
        ]}
      />
      {step === 0 ? (
        <>
          <Radio.Group
            aria-label={t('resourceForms.batch.operation')}
            value={operation}
            onChange={(event) => setOperation(event.target.value as BatchOperation)}
            options={operations.map((value) => ({
              value,
              label: t(`resourceForms.batch.operations.${value}`),
            }))}
          />
          <Table<ListedObject>
            size="small"
            rowKey={(row) => keyOfTarget(targetOfRow(kind, row))}
            dataSource={rows}
            loading={isFetching}
            pagination={false}
            rowSelection={{
              selectedRowKeys: selected.map(keyOfTarget),
              onChange: (_keys, chosen) => setSelected(chosen.map((row) => targetOfRow(kind, row))),
            }}
            columns={[
              {
                key: 'name',
                title: t('resources.columns.name'),
                render: (_v, r) => r.metadata?.name,
              },
              {
                key: 'namespace',
                title: t('resources.columns.namespace'),
                render: (_v, r) => r.metadata?.namespace,
              },
              { key: 'cluster', title: t('resources.columns.cluster'), dataIndex: 'cluster' },
            ]}
          />
          {hasNextPage && (
            <Button onClick={() => void fetchNextPage()}>{t('resources.list.loadMore')}</Button>
          )}
          <Flex gap="small">
            <Button type="primary" disabled={selected.length === 0} onClick={() => setStep(1)}>
              {t('resourceForms.batch.next', { count: selected.length })}
            </Button>
          </Flex>
        </>
      ) : (
        <>
          <Alert
            type={operation === 'delete' ? 'warning' : 'info'}
            showIcon
            message={t('resourceForms.batch.summary', {
              operation: t(`resourceForms.batch.operations.${operation}`),
              count: selected.length,
            })}
          />
          <TargetsTable targets={selected} outcomes={outcomes} />
          <Flex gap="small">
            {finished && !running ? (
              <Button type="primary" onClick={startOver}>
                {t('resourceForms.batch.startOver')}
              </Button>
            ) : (
              <>
                <Button disabled={running} onClick={() => setStep(0)}>
                  {t('resourceForms.batch.back')}
                </Button>
                <Button
                  type="primary"
                  danger={operation === 'delete'}
                  loading={running}
                  onClick={() => void confirm()}
                >
                  {t('resourceForms.batch.confirm')}
                </Button>
              </>
            )}
          </Flex>
        </>
      )}
    </Flex>
  );
}
