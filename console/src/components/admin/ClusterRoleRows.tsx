import type { ClusterBindingInput, ClusterBindingView, Effect } from '@nimbus/api';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListClusterNamesQuery, useListRolesQuery } from '../../api/iamApi';
import { EFFECTS } from '../../constants';
import { MAX_PAGE_SIZE } from './useListParams';

/** One row of the form: a role and an effect on one cluster. */
export interface ClusterRoleRow {
  cluster?: string;
  roleId?: string;
  effect: Effect;
}

const CLUSTER_ROWS_FIELD = 'providers';
/** A new binding allows access unless the admin says otherwise. */
const DEFAULT_EFFECT: Effect = 'Allow';

export interface ClusterRoleRowsProps {
  organizationId: string;
  testId: string;
}

/** Per-cluster role and effect rows, shared by the user and the user-group forms. */
export function ClusterRoleRows({ organizationId, testId }: ClusterRoleRowsProps) {
  const { t } = useTranslation();
  const skip = !organizationId;
  const onePage = { organizationId, page: 1, pageSize: MAX_PAGE_SIZE };
  const { data: clusters = [] } = useListClusterNamesQuery(onePage, { skip });
  const { data: roles } = useListRolesQuery(onePage, { skip });
  const roleOptions = (roles?.items ?? []).map((role) => ({ value: role.uuid, label: role.name }));
  const rows = Form.useWatch<ClusterRoleRow[] | undefined>(CLUSTER_ROWS_FIELD) ?? [];
  const chosen = new Set(rows.map((row) => row.cluster));
  const effectLabels: Record<Effect, string> = {
    Allow: t('admin.clusterRoles.allow'),
    Deny: t('admin.clusterRoles.deny'),
  };

  return (
    <Form.Item label={t('admin.clusterRoles.label')}>
      <Form.List name={CLUSTER_ROWS_FIELD}>
        {(fields, { add, remove }) => (
          <Flex vertical gap="small" data-testid={testId}>
            {clusters.length === 0 && (
              <Typography.Text type="secondary">
                {t('admin.clusterRoles.noClusters')}
              </Typography.Text>
            )}
            {fields.map(({ key, name }) => (
              <Flex key={key} gap="small" align="start" wrap>
                <Form.Item
                  name={[name, 'cluster']}
                  rules={[{ required: true, message: t('admin.validation.clusterRequired') }]}
                  style={{ minWidth: 200, marginBottom: 0 }}
                >
                  <Select
                    aria-label={t('admin.clusterRoles.cluster', { index: name + 1 })}
                    placeholder={t('admin.clusterRoles.clusterPlaceholder')}
                    options={clusters.map((cluster) => ({
                      value: cluster,
                      label: cluster,
                      disabled: chosen.has(cluster) && rows[name]?.cluster !== cluster,
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[name, 'roleId']}
                  rules={[{ required: true, message: t('admin.validation.roleRequired') }]}
                  style={{ minWidth: 200, marginBottom: 0 }}
                >
                  <Select
                    aria-label={t('admin.clusterRoles.role', { index: name + 1 })}
                    placeholder={t('admin.clusterRoles.rolePlaceholder')}
                    options={roleOptions}
                  />
                </Form.Item>
                <Form.Item name={[name, 'effect']} style={{ marginBottom: 0 }}>
                  <Radio.Group
                    aria-label={t('admin.clusterRoles.effect', { index: name + 1 })}
                    optionType="button"
                    options={EFFECTS.map((effect) => ({
                      value: effect,
                      label: effectLabels[effect],
                    }))}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('admin.clusterRoles.removeRow', { index: name + 1 })}
                  onClick={() => remove(name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={clusters.length === 0 || fields.length >= clusters.length}
              onClick={() => add({ effect: DEFAULT_EFFECT } satisfies ClusterRoleRow)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('admin.clusterRoles.add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The rows as the API's bindings; incomplete rows cannot pass validation, so none are lost. */
export const bindingsOf = (rows: ClusterRoleRow[] | undefined): ClusterBindingInput[] =>
  (rows ?? []).map(({ cluster = '', roleId = '', effect }) => ({ cluster, roleId, effect }));

/** Bindings from the API as form rows. */
export const rowsOf = (bindings: readonly ClusterBindingView[] | undefined): ClusterRoleRow[] =>
  (bindings ?? []).map(({ cluster, roleId, effect }) => ({ cluster, roleId, effect }));
