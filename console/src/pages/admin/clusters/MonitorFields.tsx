import type { MonitorCandidate } from '@nimbus/api';
import type { MonitorType } from '@nimbus/api/shared';
import { AutoComplete, Flex, Form, Input, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { MONITOR_FIELDS, SERVICE_TEXT, serviceText, type MonitoringValues } from './monitorPlan';

/** The operator only dials http(s) addresses; the server checks the rest (SSRF policy). */
const HTTP_URL = /^https?:\/\/\S+$/i;

const SCHEMES = ['http', 'https'] as const;

interface MonitorFieldsProps {
  type: MonitorType;
  form: FormInstance<MonitoringValues>;
  candidates: readonly MonitorCandidate[];
  /** System administrators may give a direct URL instead of a Service. */
  directAllowed: boolean;
  /** The stored direct URL (set by a system administrator): others may keep or clear it. */
  storedUrl: string | undefined;
}

/** One endpoint type: its Service (discovered ones offered), its scheme, a direct URL, enabled. */
export function MonitorFields({
  type,
  form,
  candidates,
  directAllowed,
  storedUrl,
}: MonitorFieldsProps) {
  const { t } = useTranslation();
  const fields = MONITOR_FIELDS[type];
  const serviceLabel = t(`admin.clusters.${fields.service}`);
  const urlLabel = t(`admin.clusters.${fields.url}`);
  const options = candidates
    .filter((candidate) => candidate.type === type)
    .map((candidate) => ({
      value: serviceText(candidate),
      label: `${serviceText(candidate)} (${candidate.scheme})`,
      scheme: candidate.scheme,
    }));
  const notBoth = {
    validator: (_: unknown, value: string | undefined) =>
      value?.trim() && String(form.getFieldValue(fields.service) ?? '').trim()
        ? Promise.reject(new Error(t('admin.clusters.serviceOrUrl')))
        : Promise.resolve(),
  };
  // The server refuses anyone else a new address (9997); say so before asking it.
  const keptOrCleared = {
    validator: (_: unknown, value: string | undefined) =>
      directAllowed || !value?.trim() || value.trim() === storedUrl
        ? Promise.resolve()
        : Promise.reject(new Error(t('admin.clusters.directOnlyForSysAdmin'))),
  };
  return (
    <>
      <Flex gap="middle" align="flex-start">
        <Form.Item
          name={fields.service}
          label={serviceLabel}
          style={{ flex: 1 }}
          rules={[{ pattern: SERVICE_TEXT, message: t('admin.clusters.invalidService') }]}
        >
          <AutoComplete
            options={options}
            placeholder={t('admin.clusters.servicePlaceholder')}
            aria-label={serviceLabel}
            onSelect={(_value, option) => form.setFieldValue(fields.scheme, option.scheme)}
          />
        </Form.Item>
        <Form.Item name={fields.scheme} label={t('admin.clusters.monitorScheme')}>
          <Select
            aria-label={t('admin.clusters.monitorSchemeOf', { name: serviceLabel })}
            options={SCHEMES.map((scheme) => ({ value: scheme, label: scheme }))}
            style={{ width: 96 }}
          />
        </Form.Item>
        <Form.Item
          name={fields.enabled}
          label={t('admin.clusters.monitorEnabled')}
          valuePropName="checked"
        >
          <Switch aria-label={t('admin.clusters.monitorEnabledOf', { name: serviceLabel })} />
        </Form.Item>
      </Flex>
      {(directAllowed || storedUrl !== undefined) && (
        <Form.Item
          name={fields.url}
          label={urlLabel}
          dependencies={[fields.service]}
          extra={directAllowed ? undefined : t('admin.clusters.directOnlyForSysAdmin')}
          rules={[
            { type: 'url', message: t('admin.clusters.invalidUrl') },
            { pattern: HTTP_URL, message: t('admin.clusters.invalidUrl') },
            keptOrCleared,
            ...(directAllowed ? [notBoth] : []),
          ]}
        >
          <Input placeholder="https://prometheus.example.com" autoComplete="off" />
        </Form.Item>
      )}
    </>
  );
}
