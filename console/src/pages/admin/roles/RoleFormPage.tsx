import type { Permission, RoleView } from '@nimbus/api';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  useListPermissionsQuery,
  useListRolesQuery,
  useSaveRoleMutation,
} from '../../../api/iamApi';
import { AdminFormPage } from '../../../components/admin/AdminFormPage';
import { resourceNameRules } from '../../../components/forms/nameRules';
import { currentOrganizationId } from '../../../components/admin/session';
import { MAX_PAGE_SIZE } from '../../../components/admin/useListParams';
import { useSubmit } from '../../../components/admin/useSubmit';
import { ADMIN_PATHS, EDIT_PARAM } from '../adminPaths';
import { PermissionChoices } from './PermissionChoices';
import { useRoleDescription } from './roleDescription';
import { choicesOf, permissionsOf, type EffectChoices } from './rolePermissions';

interface RoleFormValues {
  name: string;
  description?: string;
  /** Keyed like PermissionChoices' CHOICES_FIELD. */
  effects?: EffectChoices;
}

const valuesOf = (
  role: RoleView | undefined,
  catalogue: readonly Permission[],
  describe: (role: RoleView) => string,
): Partial<RoleFormValues> => ({
  name: role?.name,
  // A built-in role is shown read-only, in the reader's language; it is never saved.
  description: role && describe(role),
  effects: choicesOf(catalogue, role?.permissions),
});

/** Creates a role, edits one (`?edit=<role uuid>`), or shows a built-in role read-only. */
export default function RoleFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organizationId = currentOrganizationId();
  const [searchParams] = useSearchParams();
  const roleId = searchParams.get(EDIT_PARAM) ?? undefined;
  // The API has no single-role read; the organization's roles fit in one page.
  const { role, isLoading: roleLoading } = useListRolesQuery(
    { organizationId, page: 1, pageSize: MAX_PAGE_SIZE },
    {
      skip: !roleId || !organizationId,
      selectFromResult: ({ data, isLoading }) => ({
        role: data?.items.find((candidate) => candidate.uuid === roleId),
        isLoading,
      }),
    },
  );
  const { data: catalogue, isLoading: catalogueLoading } = useListPermissionsQuery(undefined);
  const permissions = catalogue?.items ?? [];
  const describe = useRoleDescription();
  const [saveRole] = useSaveRoleMutation();
  const { submitting, onFinish } = useSubmit(
    (values: RoleFormValues) =>
      saveRole({
        uuid: roleId,
        name: role?.name ?? values.name,
        description: values.description?.trim() ?? '',
        organizationId,
        permissions: permissionsOf(values.effects, permissions, role?.permissions),
      }).unwrap(),
    () => void navigate(ADMIN_PATHS.roles),
  );
  const readOnly = role?.builtIn ?? false;

  return (
    <AdminFormPage<RoleFormValues>
      title={
        roleId ? t(readOnly ? 'admin.roles.view' : 'admin.roles.edit') : t('admin.roles.create')
      }
      testId="admin-role-form"
      backPath={ADMIN_PATHS.roles}
      inOrganization
      loading={(Boolean(roleId) && roleLoading) || catalogueLoading}
      initialValues={valuesOf(role, permissions, describe)}
      readOnly={readOnly}
      submitting={submitting}
      onFinish={onFinish}
    >
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title={t('admin.roles.builtInReadOnly')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        name="name"
        label={t('admin.common.name')}
        rules={roleId ? [] : resourceNameRules(t, t('admin.validation.nameRequired'))}
      >
        <Input
          disabled={Boolean(roleId)}
          placeholder={t('admin.common.namePlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name="description" label={t('admin.common.description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <PermissionChoices catalogue={permissions} />
    </AdminFormPage>
  );
}
