import { Alert, App, Form, Modal, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValuesField } from './ValuesField';
import {
  useListChartsQuery,
  useReleaseValuesQuery,
  useUpgradeReleaseMutation,
} from '../../api/appStoreApi';
import type { ReleaseRef } from '../../api/appStoreApi';

/** Helm names a release's chart `<name>-<version>`. */
function chartNameOf(chart: string): string {
  return chart.replace(/-v?\d+\.\d+\.\d+.*$/, '');
}

/** Upgrades a release to a version of a chart of the same name, with its values edited. */
export function UpgradeDialog({
  release,
  chart,
  onClose,
}: {
  release: ReleaseRef;
  chart: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const name = chartNameOf(chart);
  const { data: charts } = useListChartsQuery({ search: name });
  const candidates = useMemo(
    () => (charts?.items ?? []).filter((c) => c.name === name),
    [charts, name],
  );
  const { data: current, isFetching } = useReleaseValuesQuery(release);
  const [choice, setChoice] = useState<string>();
  /** The user's edit; until then the release's current values. */
  const [edited, setValues] = useState<string>();
  const values = edited ?? current?.values;
  const [upgrade, { isLoading }] = useUpgradeReleaseMutation();
  const [source, version] = (choice ?? '').split('\n');

  const submit = async () => {
    if (!source || !version) return;
    await upgrade({ ...release, body: { source, chart: name, version, values: values ?? '' } })
      .unwrap()
      .then(() => {
        // As rollback and uninstall do: the dialog closes, so the page says it went through.
        void message.success(t('appStore.upgrade.done', { release: release.release, version }));
        onClose();
      })
      .catch(() => undefined);
  };

  return (
    <Modal
      open
      width={900}
      title={t('appStore.upgrade.title', { release: release.release })}
      okText={t('appStore.upgrade.submit')}
      okButtonProps={{ disabled: !source || !version, loading: isLoading }}
      cancelButtonProps={{ disabled: isLoading }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={isLoading || isFetching} tip={t('appStore.install.running')}>
        {candidates.length === 0 && (
          <Alert type="warning" showIcon message={t('appStore.upgrade.noChart', { name })} />
        )}
        <Form layout="vertical">
          <Form.Item label={t('appStore.upgrade.version')}>
            <Select
              value={choice}
              onChange={setChoice}
              options={candidates.flatMap((c) =>
                c.versions.map((v) => ({
                  value: `${c.source}\n${v}`,
                  label: `${v} (${c.source})`,
                })),
              )}
              aria-label={t('appStore.upgrade.version')}
            />
          </Form.Item>
          <ValuesField value={values} onChange={setValues} />
        </Form>
      </Spin>
    </Modal>
  );
}
