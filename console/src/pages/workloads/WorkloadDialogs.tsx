import { isImageReference, maxReplicas } from '@nimbus/api/shared';
import {
  App,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useHotfixWorkloadMutation,
  useListWorkloadRevisionsQuery,
  useRollbackWorkloadMutation,
  useScaleWorkloadMutation,
} from '../../api/workloadApi';
import { workloadTargetOf } from '../../resources/descriptors/workload';
import type { ActionDialogProps } from '../../resources/descriptors/types';
import { arrayAt, valueAt } from '@nimbus/api/shared';

// The lifecycle actions that ask for input before they run: each dialog sends its one call as
// the caller; a refusal keeps it open (the base query has told the user why).

/** Runs `submit`; on success says so and closes, on failure stays open for a retry or cancel. */
export function useSubmit(onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (submit: () => Promise<unknown>) => {
    try {
      await submit();
      void message.success(t('resources.confirm.succeeded'));
      onClose();
    } catch {
      // Reported by the base query.
    }
  };
}

/** What the three dialogs' modals share: open at once, the title, OK/Cancel, loading, close. */
export function useModalProps(
  title: string,
  loading: boolean,
  onOk: () => void,
  onClose: () => void,
) {
  const { t } = useTranslation();
  return {
    open: true,
    title,
    okText: t('resources.confirm.ok'),
    cancelText: t('resources.confirm.cancel'),
    confirmLoading: loading,
    onOk,
    onCancel: onClose,
  };
}

export function ScaleDialog({ context, title, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const [scale, { isLoading }] = useScaleWorkloadMutation();
  const submitting = useSubmit(onClose);
  const current = valueAt(context.object, 'spec', 'replicas');
  const [replicas, setReplicas] = useState<number | null>(
    typeof current === 'number' ? current : 1,
  );
  const valid =
    replicas !== null && Number.isInteger(replicas) && replicas >= 0 && replicas <= maxReplicas;
  const submit = () => {
    if (!valid || isLoading) return;
    void submitting(() => scale({ ...workloadTargetOf(context), body: { replicas } }).unwrap());
  };
  return (
    <Modal
      {...useModalProps(title, isLoading, submit, onClose)}
      okButtonProps={{ disabled: !valid, 'data-testid': 'scale-ok' }}
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('resources.workload.replicas')}
          htmlFor="scale-replicas"
          extra={t('resources.workload.replicasRange', { max: maxReplicas })}
        >
          <InputNumber
            id="scale-replicas"
            data-testid="scale-replicas"
            autoFocus
            min={0}
            max={maxReplicas}
            precision={0}
            value={replicas}
            onChange={setReplicas}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function RollbackDialog({ context, title, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const target = workloadTargetOf(context);
  const { data, isLoading: loading } = useListWorkloadRevisionsQuery(target);
  const [rollback, { isLoading }] = useRollbackWorkloadMutation();
  const submitting = useSubmit(onClose);
  const [revision, setRevision] = useState<number>();
  const submit = () => {
    if (revision === undefined || isLoading) return;
    void submitting(() => rollback({ ...target, body: { revision } }).unwrap());
  };
  const revisions = data?.items ?? [];
  return (
    <Modal
      {...useModalProps(title, isLoading, submit, onClose)}
      okText={t('resources.workload.rollback')}
      okButtonProps={{
        danger: true,
        disabled: revision === undefined,
        'data-testid': 'rollback-ok',
      }}
    >
      {loading ? (
        <Spin />
      ) : revisions.length === 0 ? (
        <Empty description={t('resources.workload.noRevisions')} />
      ) : (
        <Radio.Group
          value={revision}
          onChange={(event) => setRevision(event.target.value as number)}
          aria-label={t('resources.workload.revisions')}
        >
          <Space direction="vertical">
            {revisions.map((r) => (
              <Radio key={r.name} value={r.revision} data-testid={`revision-${r.revision}`}>
                {t('resources.workload.revisionOption', {
                  revision: r.revision,
                  images: r.images.join(', '),
                })}
                {r.current ? ` (${t('resources.workload.current')})` : ''}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}

interface TemplateContainer {
  name: string;
  image?: string;
  env?: Array<{ name: string; value?: string }>;
}

interface HotfixForm {
  container: string;
  image: string;
  env: Array<{ name: string; value: string }>;
}

const containersOf = (object: unknown): TemplateContainer[] => {
  const template =
    valueAt(object, 'spec', 'template') ??
    valueAt(object, 'spec', 'jobTemplate', 'spec', 'template');
  return arrayAt(template, 'spec', 'containers') as TemplateContainer[];
};
const plainEnv = (container: TemplateContainer | undefined) =>
  (container?.env ?? [])
    .filter((e) => e.value !== undefined)
    .map((e) => ({ name: e.name, value: e.value ?? '' }));

export function HotfixDialog({ context, title, onClose }: ActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HotfixForm>();
  const [hotfix, { isLoading }] = useHotfixWorkloadMutation();
  const submitting = useSubmit(onClose);
  const containers = containersOf(context.object);
  const first = containers[0];
  const containerOf = (name: string) => containers.find((c) => c.name === name);

  const submit = (values: HotfixForm) => {
    const container = containerOf(values.container);
    const env = values.env.map((e) => ({ name: e.name.trim(), value: e.value.trim() }));
    const kept = new Set(env.map((e) => e.name));
    const removeEnv = plainEnv(container)
      .map((e) => e.name)
      .filter((name) => !kept.has(name));
    const image = values.image.trim();
    void submitting(() =>
      hotfix({
        ...workloadTargetOf(context),
        body: {
          container: values.container,
          ...(image !== container?.image ? { image } : {}),
          env,
          removeEnv,
        },
      }).unwrap(),
    );
  };

  return (
    <Modal
      {...useModalProps(title, isLoading, () => form.submit(), onClose)}
      okButtonProps={{ 'data-testid': 'hotfix-ok' }}
      width={640}
    >
      <Form<HotfixForm>
        form={form}
        layout="vertical"
        initialValues={{ container: first?.name, image: first?.image ?? '', env: plainEnv(first) }}
        onFinish={submit}
        onValuesChange={(changed: Partial<HotfixForm>) => {
          if (changed.container === undefined) return;
          const container = containerOf(changed.container);
          form.setFieldsValue({ image: container?.image ?? '', env: plainEnv(container) });
        }}
      >
        <Form.Item
          name="container"
          label={t('resources.workload.container')}
          rules={[{ required: true }]}
        >
          <Select options={containers.map((c) => ({ value: c.name, label: c.name }))} />
        </Form.Item>
        <Form.Item
          name="image"
          label={t('resources.workload.image')}
          extra={t('resources.workload.imageFormat')}
          rules={[
            {
              validator: (_rule, value: string) =>
                isImageReference((value ?? '').trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('resources.workload.imageInvalid'))),
            },
          ]}
        >
          <Input data-testid="hotfix-image" autoFocus />
        </Form.Item>
        <Form.List name="env">
          {(fields, { add, remove }) => (
            <Flex vertical gap="small">
              {fields.map((field, index) => (
                <Space key={field.key} align="start">
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: t('resources.workload.envNameRequired'),
                      },
                    ]}
                  >
                    <Input
                      placeholder={t('resources.workload.envName')}
                      aria-label={t('resources.workload.envNameLabel', { index: index + 1 })}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} initialValue="">
                    <Input
                      placeholder={t('resources.workload.envValue')}
                      aria-label={t('resources.workload.envValueLabel', { index: index + 1 })}
                    />
                  </Form.Item>
                  <Button
                    onClick={() => remove(field.name)}
                    aria-label={t('resources.editor.remove', { index: index + 1 })}
                  >
                    −
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({ name: '', value: '' })}>
                {t('resources.workload.addEnv')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
