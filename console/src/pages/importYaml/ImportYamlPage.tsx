import type { ClusterLocation, ImportResult } from '@nimbus/api';
import { maxImportDocuments } from '@nimbus/api/shared';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Modal, Space, Typography, Upload } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportYamlMutation } from '../../api/yamlApi';
import { LocationSelect } from '../../components/LocationSelect';
import { NamespaceSelector } from '../../components/NamespaceSelector';
import { useCallerId } from '../../resources/useFavourites';
import { usePageTitleKey } from '../../routes/pageHandle';
import { UnsavedChangesPrompt } from '../../components/forms/UnsavedChangesPrompt';
import { ImportResults } from './ImportResults';
import { issueText } from './issueText';
import { joinDocuments, parseDocuments } from './parseDocuments';
import { readPending, writePending } from './pendingImport';

// CodeMirror loads with this page only, in its own chunk.
const YamlEditor = lazy(() => import('../../components/yamlEditor/YamlEditor'));

/** Uploaded files larger than this are refused before they are read. */
const maxFileBytes = 1024 * 1024;

interface Target {
  location?: ClusterLocation;
  namespace?: string;
}

/** The add/import screen: paste or upload YAML, dry run as the user, then apply per document. */
export default function ImportYamlPage() {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  const userId = useCallerId();
  const [form] = Form.useForm<Target>();
  const location = Form.useWatch('location', form);
  const namespace = Form.useWatch('namespace', form);
  const [text, setText] = useState('');
  const [result, setResult] = useState<ImportResult>();
  /** What the last dry run checked: import is offered for exactly that. */
  const [checked, setChecked] = useState<string>();
  const [restoreOffer, setRestoreOffer] = useState(() => readPending(userId));
  const [send, { isLoading }] = useImportYamlMutation();

  const parsed = useMemo(() => parseDocuments(text), [text]);
  const problems = parsed.documents.filter((d) => d.issue);
  const request = JSON.stringify([text, location, namespace]);
  // Location and namespace are checked by the form when a button is pressed, with its messages.
  const valid = parsed.documents.length > 0 && problems.length === 0 && !parsed.tooMany;

  // Unpublished text is kept for the next visit (for the re-import prompt).
  useEffect(() => {
    if (!userId || restoreOffer) return;
    writePending(userId, text.trim() ? { text, location, namespace } : undefined);
  }, [userId, restoreOffer, text, location, namespace]);

  const edit = (next: string) => {
    setText(next);
    setResult(undefined);
  };

  const run = async (dryRun: boolean) => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values?.location || !values.namespace || !valid) return;
    const documents = parsed.documents.map((d) => d.object as Record<string, unknown>);
    let answer: ImportResult;
    try {
      answer = await send({
        ...values.location,
        namespace: values.namespace,
        body: { dryRun, documents },
      }).unwrap();
    } catch {
      return; // The base query has reported why.
    }
    setResult(answer);
    setChecked(dryRun ? request : undefined);
    if (dryRun) return;
    const failed = parsed.documents.filter((d) => answer.items[d.index]?.outcome === 'failed');
    // Only what was not applied stays pending; everything applied clears it.
    writePending(userId, failed.length ? { ...values, text: joinDocuments(failed) } : undefined);
  };

  const editFailed = () => {
    if (!result) return;
    const failed = parsed.documents.filter((d) => result.items[d.index]?.outcome === 'failed');
    setText(joinDocuments(failed));
    setChecked(undefined);
  };

  const restore = (accept: boolean) => {
    if (accept && restoreOffer) {
      form.setFieldsValue({ location: restoreOffer.location, namespace: restoreOffer.namespace });
      setText(restoreOffer.text);
    } else writePending(userId, undefined);
    setRestoreOffer(undefined);
  };

  const dirty = text.trim() !== '' && !(result && !result.dryRun);
  return (
    <Flex vertical gap="middle" style={{ padding: 24 }} data-testid="import-yaml">
      {titleKey && (
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t(titleKey)}
        </Typography.Title>
      )}
      <UnsavedChangesPrompt dirty={dirty && !isLoading} />
      <Modal
        open={restoreOffer !== undefined}
        title={t('importYaml.restore.title')}
        okText={t('importYaml.restore.reimport')}
        cancelText={t('importYaml.restore.discard')}
        onOk={() => restore(true)}
        onCancel={() => restore(false)}
      >
        {t('importYaml.restore.message')}
      </Modal>
      <Form<Target>
        form={form}
        layout="vertical"
        name="import-yaml"
        style={{ maxWidth: 1100 }}
        onValuesChange={(changed: Target) => {
          if ('location' in changed) form.setFieldValue('namespace', undefined);
          setResult(undefined);
        }}
      >
        <Flex gap="middle" wrap>
          <Form.Item
            name="location"
            label={t('importYaml.form.location')}
            rules={[{ required: true, message: t('importYaml.form.locationRequired') }]}
            style={{ flex: '1 1 320px' }}
          >
            <LocationSelect data-testid="import-location" />
          </Form.Item>
          <Form.Item
            name="namespace"
            label={t('importYaml.form.namespace')}
            tooltip={t('importYaml.form.namespaceHelp')}
            rules={[{ required: true, message: t('importYaml.form.namespaceRequired') }]}
            style={{ flex: '1 1 320px' }}
          >
            <NamespaceSelector {...(location ?? {})} />
          </Form.Item>
        </Flex>
        <Form.Item
          label={t('importYaml.form.yaml')}
          extra={t('importYaml.form.yamlHelp', { max: maxImportDocuments })}
        >
          <Flex vertical gap="small">
            <Upload
              accept=".yaml,.yml,.json,text/yaml,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                if (file.size > maxFileBytes) {
                  void Modal.error({ title: t('importYaml.form.fileTooLarge') });
                } else void file.text().then(edit);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="import-upload">
                {t('importYaml.form.upload')}
              </Button>
            </Upload>
            <Suspense fallback={<div style={{ height: 420 }} />}>
              <YamlEditor
                value={text}
                onChange={edit}
                aria-label={t('importYaml.form.yaml')}
                marks={(current) =>
                  parseDocuments(current).documents.flatMap((d) =>
                    d.issue ? [{ line: d.line, message: issueText(d.issue, t) }] : [],
                  )
                }
              />
            </Suspense>
          </Flex>
        </Form.Item>
      </Form>
      {(problems.length > 0 || parsed.tooMany) && (
        <Alert
          type="error"
          showIcon
          data-testid="import-problems"
          title={t('importYaml.issues.title')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {parsed.tooMany && (
                <li>{t('importYaml.issues.tooMany', { max: maxImportDocuments })}</li>
              )}
              {problems.map((d) => (
                <li key={d.index}>
                  {t('importYaml.issues.document', { number: d.index + 1, line: d.line })}{' '}
                  {d.issue && issueText(d.issue, t)}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Space>
        <Button
          onClick={() => void run(true)}
          loading={isLoading}
          disabled={!valid}
          data-testid="import-dry-run-button"
        >
          {t('importYaml.form.dryRun')}
        </Button>
        <Button
          type="primary"
          onClick={() => void run(false)}
          loading={isLoading}
          disabled={!valid || checked !== request}
          data-testid="import-apply-button"
        >
          {t('importYaml.form.apply')}
        </Button>
        {valid && checked !== request && (
          <Typography.Text type="secondary">{t('importYaml.form.dryRunFirst')}</Typography.Text>
        )}
      </Space>
      {result && <ImportResults result={result} onEditFailed={editFailed} />}
    </Flex>
  );
}
