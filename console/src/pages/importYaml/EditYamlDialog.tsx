import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplaceResourceMutation } from '../../api/yamlApi';
import { envelopeCodeOf } from '../../apiClient/envelope';
import { ResponseCode } from '../../constants';
import type { ActionDialogProps } from '../../resources/descriptors/types';
import { toYaml } from '../../resources/toYaml';
import { withoutLastApplied } from '../resources/YamlView';
import { editedObject } from './editedObject';

const YamlEditor = lazy(() => import('../../components/yamlEditor/YamlEditor'));
const YamlDiff = lazy(() => import('../../components/yamlEditor/YamlDiff'));

/**
 * "Edit YAML": the object in the editor, then a diff of the change, then a replace as the user.
 * The object keeps the resourceVersion it was read at, so a change made meanwhile is a conflict.
 */
export default function EditYamlDialog({ context, title, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const original = useMemo(
    () => (context.object ? toYaml(withoutLastApplied(context.object)) : ''),
    [context.object],
  );
  const [text, setText] = useState(original);
  const [reviewing, setReviewing] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [replace, { isLoading }] = useReplaceResourceMutation();
  const edited = useMemo(() => editedObject(text), [text]);
  const changed = text !== original;

  const apply = async () => {
    if (!edited.ok) return;
    try {
      await replace({ address: context.address, object: edited.object }).unwrap();
    } catch (error) {
      // A conflict is explained here; anything else the base query has reported.
      if (envelopeCodeOf(error) === ResponseCode.conflict) setConflict(true);
      return;
    }
    void message.success(t('importYaml.edit.applied'));
    onClose();
  };

  const footer = reviewing ? (
    <Flex gap="small" justify="end">
      <Button onClick={() => setReviewing(false)} data-testid="edit-yaml-back">
        {t('importYaml.edit.back')}
      </Button>
      <Button
        type="primary"
        loading={isLoading}
        disabled={!changed || conflict}
        onClick={() => void apply()}
        data-testid="edit-yaml-apply"
      >
        {t('importYaml.edit.apply')}
      </Button>
    </Flex>
  ) : (
    <Flex gap="small" justify="end">
      <Button onClick={onClose}>{t('importYaml.edit.cancel')}</Button>
      <Button
        type="primary"
        disabled={!edited.ok || !changed}
        onClick={() => setReviewing(true)}
        data-testid="edit-yaml-review"
      >
        {t('importYaml.edit.review')}
      </Button>
    </Flex>
  );

  return (
    <Modal open title={title} width={1100} footer={footer} onCancel={onClose} destroyOnHidden>
      <Flex vertical gap="small" data-testid="edit-yaml-dialog">
        {conflict && (
          <Alert
            type="error"
            showIcon
            title={t('importYaml.edit.conflict')}
            data-testid="edit-yaml-conflict"
          />
        )}
        {!edited.ok && (
          <Alert
            type="error"
            showIcon
            data-testid="edit-yaml-invalid"
            title={
              edited.message
                ? t('importYaml.issues.syntax', { message: edited.message })
                : t('importYaml.edit.invalid')
            }
          />
        )}
        {!changed && (
          <Typography.Text type="secondary">{t('importYaml.edit.noChanges')}</Typography.Text>
        )}
        <Suspense fallback={<div style={{ height: 480 }} />}>
          {reviewing ? (
            <>
              <Typography.Text type="secondary">{t('importYaml.edit.diffHelp')}</Typography.Text>
              <YamlDiff before={original} after={text} />
            </>
          ) : (
            <YamlEditor
              value={text}
              onChange={setText}
              height={480}
              aria-label={title}
              marks={() =>
                !edited.ok && edited.line && edited.message
                  ? [{ line: edited.line, message: edited.message }]
                  : []
              }
            />
          )}
        </Suspense>
      </Flex>
    </Modal>
  );
}
