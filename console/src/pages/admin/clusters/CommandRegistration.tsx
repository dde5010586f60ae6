import type { ResponseFor } from '@nimbus/api';
import { Alert, Button, Flex, Form, Input, Spin, Typography, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreateClusterRegistrationMutation,
  useListProvidersQuery,
} from '../../../api/clusterApi';
import { failureMessage } from '../../../feedback/serverMessage';
import type { ClusterFormValues } from './clusterPayload';

type Command = ResponseFor<'createClusterRegistration'>;

/** How often the wizard looks whether the command has been run. */
const WAIT_POLL_MS = 3_000;

/**
 * "Register with a command": the operator makes a one-time command for the cluster named in the
 * form; it is run where kubectl points at the member, and the wizard waits for the cluster to
 * appear. Nothing long-lived is typed or uploaded.
 */
export function CommandRegistration(props: {
  form: FormInstance<ClusterFormValues & { server?: string }>;
  organizationId: string;
  onRegistered: (name: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [createRegistration, creating] = useCreateClusterRegistrationMutation();
  const [command, setCommand] = useState<Command>();
  const [failure, setFailure] = useState<string>();
  const name = command?.name;
  const { data } = useListProvidersQuery(
    { organizationId: props.organizationId, page: 1, pageSize: 10, search: name ?? '' },
    { skip: !name, pollingInterval: WAIT_POLL_MS },
  );
  const registered = name !== undefined && (data?.items.some((c) => c.name === name) ?? false);
  const { onRegistered } = props;

  useEffect(() => {
    if (registered && name) onRegistered(name);
  }, [registered, name, onRegistered]);

  const generate = async () => {
    let values: ClusterFormValues & { server?: string };
    try {
      values = await props.form.validateFields(['name', 'region', 'server']);
    } catch {
      return;
    }
    setFailure(undefined);
    try {
      const server = values.server?.trim();
      setCommand(
        await createRegistration({
          name: values.name.trim(),
          organizationId: props.organizationId,
          region: values.region.trim(),
          ...(server ? { server } : {}),
        }).unwrap(),
      );
    } catch (error) {
      setFailure(failureMessage(error, t));
    }
  };

  return (
    <Flex vertical gap="small" data-testid="command-registration">
      <Form.Item
        name="server"
        label={t('admin.clusters.command.server')}
        extra={t('admin.clusters.command.serverHint')}
        rules={[
          {
            pattern: /^https:\/\/\S+$/,
            // Checked as sent: generate() trims what was pasted around the address.
            transform: (value?: string) => value?.trim(),
            message: t('admin.clusters.command.serverInvalid'),
          },
        ]}
      >
        <Input autoComplete="off" placeholder="https://10.0.0.10:6443" />
      </Form.Item>
      <Button
        style={{ alignSelf: 'flex-start' }}
        loading={creating.isLoading}
        disabled={registered}
        onClick={() => void generate()}
        data-testid="command-generate"
      >
        {t(command ? 'admin.clusters.command.again' : 'admin.clusters.command.generate')}
      </Button>
      {failure && <Alert type="error" showIcon title={failure} />}
      {command && (
        <>
          <Typography.Paragraph>{t('admin.clusters.command.run')}</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: command.command }} data-testid="command-text">
            <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{command.command}</pre>
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('admin.clusters.command.expires', {
              time: new Date(command.expiresAt).toLocaleString(i18n.language),
            })}{' '}
            <Typography.Link href={command.manifestUrl} target="_blank" rel="noreferrer">
              {t('admin.clusters.command.manifest')}
            </Typography.Link>
          </Typography.Text>
          <div aria-live="polite" data-testid="command-status">
            {registered ? (
              <Alert
                type="success"
                showIcon
                title={t('admin.clusters.command.registered', { name })}
              />
            ) : (
              <Flex gap="small" align="center">
                <Spin size="small" />
                <Typography.Text>{t('admin.clusters.command.waiting')}</Typography.Text>
              </Flex>
            )}
          </div>
        </>
      )}
    </Flex>
  );
}
