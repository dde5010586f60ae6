import type { GroupBody, GroupView } from '@nimbus/api';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useGetGroupQuery, useSaveGroupMutation } from '../../../api/iamApi';
import { AdminFormPage } from '../../../components/admin/AdminFormPage';
import { resourceNameRules } from '../../../components/forms/nameRules';
import {
  bindingsOf,
  ClusterRoleRows,
  rowsOf,
  type ClusterRoleRow,
} from '../../../components/admin/ClusterRoleRows';
import { currentOrganizationId } from '../../../components/admin/session';
import { UserPicker } from '../../../components/admin/UserPicker';
import { useSubmit } from '../../../components/admin/useSubmit';
import { ADMIN_PATHS, EDIT_PARAM } from '../adminPaths';

interface GroupFormValues {
  name: string;
  description?: string;
  userIds?: string[];
  providers?: ClusterRoleRow[];
}

const valuesOf = (group: GroupView | undefined): Partial<GroupFormValues> =>
  group
    ? {
        name: group.name,
        description: group.description,
        userIds: group.userIds,
        providers: rowsOf(group.providers),
      }
    : { userIds: [], providers: [] };

/** Creates a user group, or edits one (`?edit=<group uuid>`). */
export default function GroupFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organizationId = currentOrganizationId();
  const [searchParams] = useSearchParams();
  const groupId = searchParams.get(EDIT_PARAM) ?? undefined;
  const { data: group, isLoading } = useGetGroupQuery(
    { organizationId, groupId: groupId ?? '' },
    { skip: !groupId || !organizationId },
  );
  const [saveGroup] = useSaveGroupMutation();
  const { submitting, onFinish } = useSubmit(
    (values: GroupFormValues) => {
      const body: GroupBody = {
        uuid: groupId,
        name: group?.name ?? values.name,
        description: values.description?.trim() ?? '',
        organizationId,
        userIds: values.userIds ?? [],
        providers: bindingsOf(values.providers),
      };
      return saveGroup(body).unwrap();
    },
    () => void navigate(ADMIN_PATHS.groups),
  );

  return (
    <AdminFormPage<GroupFormValues>
      title={groupId ? t('admin.groups.edit') : t('admin.groups.create')}
      testId="admin-group-form"
      backPath={ADMIN_PATHS.groups}
      loading={Boolean(groupId) && isLoading}
      initialValues={valuesOf(group)}
      submitting={submitting}
      onFinish={onFinish}
    >
      <Form.Item
        name="name"
        label={t('admin.common.name')}
        rules={groupId ? [] : resourceNameRules(t, t('admin.validation.nameRequired'))}
      >
        <Input
          disabled={Boolean(groupId)}
          placeholder={t('admin.common.namePlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name="description" label={t('admin.common.description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="userIds" label={t('admin.groups.members')}>
        <UserPicker
          organizationId={organizationId}
          placeholder={t('admin.groups.membersPlaceholder')}
        />
      </Form.Item>
      <ClusterRoleRows organizationId={organizationId} testId="group-form-cluster-rows" />
    </AdminFormPage>
  );
}
