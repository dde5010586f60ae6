import type { ImportItem, ImportResult } from '@nimbus/api';
import { Alert, Button, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../access/refusalText';
import { useAppDispatch } from '../../app/hooks';
import { appActions } from '../../appState/appSlice';

const outcomeColor = { created: 'green', configured: 'blue', failed: 'red' } as const;

/** One row per document sent: what the member did with it (or would, in a dry run). */
export function ImportResults({
  result,
  onEditFailed,
}: {
  result: ImportResult;
  /** Puts the documents that were not applied back in the editor. */
  onEditFailed?: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // A document the member refused says what it refused, in the reader's language, and why.
  const messageOf = ({ message, refusal, index }: ImportItem) =>
    refusal ? (
      <span data-testid={`import-refusal-${index}`}>
        {refusalText(refusal, t)}
        <Button
          type="link"
          size="small"
          data-testid={`import-why-${index}`}
          onClick={() => dispatch(appActions.whyOpened({ cluster: refusal.cluster, refusal }))}
        >
          {t('api.why')}
        </Button>
      </span>
    ) : (
      message
    );
  const failed = result.items.filter((item) => item.outcome === 'failed').length;
  const applied = result.items.length - failed;
  const summary = result.dryRun
    ? t('importYaml.result.dryRunSummary', { passed: applied, failed })
    : t('importYaml.result.summary', { applied, total: result.items.length, failed });
  const outcomeText = ({ outcome }: ImportItem) =>
    result.dryRun && outcome !== 'failed'
      ? t(`importYaml.result.would.${outcome}`)
      : t(`importYaml.result.did.${outcome}`);
  return (
    <Flex vertical gap="small" data-testid={result.dryRun ? 'import-dry-run' : 'import-result'}>
      <Alert
        type={failed === 0 ? 'success' : applied === 0 ? 'error' : 'warning'}
        showIcon
        title={summary}
        action={
          !result.dryRun && failed > 0 && onEditFailed ? (
            <Button size="small" onClick={onEditFailed} data-testid="import-edit-failed">
              {t('importYaml.result.editFailed')}
            </Button>
          ) : undefined
        }
      />
      <Table<ImportItem>
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={result.items}
        columns={[
          { key: 'index', title: '#', render: (_, item) => item.index + 1, width: 48 },
          { key: 'kind', title: t('importYaml.result.kind'), dataIndex: 'kind' },
          { key: 'name', title: t('importYaml.result.name'), dataIndex: 'name' },
          {
            key: 'namespace',
            title: t('importYaml.result.namespace'),
            render: (_, item) => item.namespace ?? '—',
          },
          {
            key: 'outcome',
            title: t('importYaml.result.outcome'),
            render: (_, item) => (
              <Tag color={outcomeColor[item.outcome]} data-testid={`import-outcome-${item.index}`}>
                {outcomeText(item)}
              </Tag>
            ),
          },
          {
            key: 'message',
            title: t('importYaml.result.message'),
            render: (_, item) => messageOf(item),
          },
        ]}
      />
    </Flex>
  );
}
