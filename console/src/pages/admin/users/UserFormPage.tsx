import { Card, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  useCreateUserMutation,
  useListClusterNamesQuery,
  useUpdateUserMutation,
} from '../../../api/iamApi';
import { ExplainAccessPanel } from '../../../access/ExplainAccessPanel';
import { useGetUserInfoQuery } from '../../../api/userApi';
import { AdminFormPage } from '../../../components/admin/AdminFormPage';
import { ClusterRoleRows } from '../../../components/admin/ClusterRoleRows';
import { GroupPicker } from '../../../components/admin/GroupPicker';
import { currentOrganizationId } from '../../../components/admin/session';
import { MAX_PAGE_SIZE } from '../../../components/admin/useListParams';
import { useSubmit } from '../../../components/admin/useSubmit';
import { credentialRules } from '../../login/credentialRules';
import { ADMIN_PATHS, EDIT_PARAM } from '../adminPaths';
import {
  createUserBody,
  NEW_USER_VALUES,
  updateUserBody,
  userFormValues,
  type UserFormValues,
} from './userPayload';

/** Creates a user in the current organization, or edits one (`?edit=<userName>`). */
export default function UserFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organizationId = currentOrganizationId();
  const [searchParams] = useSearchParams();
  const editing = searchParams.get(EDIT_PARAM) ?? undefined;
  const { data: user, isLoading } = useGetUserInfoQuery(editing ?? '', { skip: !editing });
  const { data: clusters, isLoading: clustersLoading } = useListClusterNamesQuery(
    { organizationId, page: 1, pageSize: MAX_PAGE_SIZE },
    { skip: !organizationId },
  );
  const initial = user ? userFormValues(user, organizationId, clusters ?? []) : undefined;
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const { submitting, onFinish } = useSubmit(
    (values: UserFormValues) =>
      editing
        ? updateUser(
            updateUserBody(
              { ...values, userName: editing, otherBindings: initial?.otherBindings ?? [] },
              organizationId,
            ),
          ).unwrap()
        : createUser(createUserBody(values, organizationId)).unwrap(),
    () => void navigate(ADMIN_PATHS.users),
  );
  const rules = credentialRules(t);
  const yesNo = [
    { value: true, label: t('admin.common.yes') },
    { value: false, label: t('admin.common.no') },
  ];

  return (
    <>
      <AdminFormPage<UserFormValues>
        title={editing ? t('admin.users.edit') : t('admin.users.create')}
        testId="admin-user-form"
        backPath={ADMIN_PATHS.users}
        loading={Boolean(editing) && (isLoading || clustersLoading)}
        initialValues={initial ?? NEW_USER_VALUES}
        submitting={submitting}
        onFinish={onFinish}
      >
        <Form.Item
          name="userName"
          label={t('admin.users.userName')}
          rules={editing ? [] : rules.userName}
          extra={editing ? undefined : t('admin.users.userNameHint')}
        >
          <Input data-testid="user-form-name" disabled={Boolean(editing)} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('admin.users.name')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('admin.users.email')} rules={rules.email}>
          <Input data-testid="user-form-email" inputMode="email" autoComplete="off" />
        </Form.Item>
        {!editing && (
          <>
            <Form.Item name="password" label={t('admin.users.password')} rules={rules.password}>
              <Input.Password data-testid="user-form-password" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('admin.users.confirmPassword')}
              dependencies={['password']}
              rules={rules.confirmPassword}
            >
              <Input.Password data-testid="user-form-confirm" autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="isAdmin" label={t('admin.users.orgAdmin')}>
          <Radio.Group data-testid="user-form-org-admin" options={yesNo} />
        </Form.Item>
        <Form.Item name="groupIds" label={t('admin.users.groups')}>
          <GroupPicker
            organizationId={organizationId}
            placeholder={t('admin.users.groupsPlaceholder')}
            knownNames={Object.fromEntries(
              (user?.groupUserBindings ?? []).map((group) => [group.uuid, group.name]),
            )}
          />
        </Form.Item>
        <ClusterRoleRows organizationId={organizationId} testId="user-form-cluster-rows" />
      </AdminFormPage>
      {editing && user && (
        <Card title={t('explain.title')} style={{ marginTop: 16 }}>
          <ExplainAccessPanel userName={editing} organizationId={organizationId} />
        </Card>
      )}
    </>
  );
}
