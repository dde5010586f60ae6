import type { Permission } from '@nimbus/api';
import { Card, Flex, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionGroupText, permissionText } from '../../../access/permissionText';
import { groupPermissions, NOT_SET, type EffectChoice } from './rolePermissions';

/** The form field holding one choice per permission name. */
export const CHOICES_FIELD = 'effects';

/** The permission catalogue by group, each permission not set, allowed or denied. */
export function PermissionChoices({ catalogue }: { catalogue: readonly Permission[] }) {
  const { t } = useTranslation();
  const choices: { value: EffectChoice; label: string }[] = [
    { value: NOT_SET, label: t('admin.roles.notSet') },
    { value: 'allow', label: t('admin.roles.allow') },
    { value: 'deny', label: t('admin.roles.deny') },
  ];

  return (
    <Form.Item label={t('admin.roles.permissions')}>
      <Flex vertical gap="small" data-testid="role-form-permissions">
        {catalogue.length === 0 && (
          <Typography.Text type="secondary">{t('admin.roles.noPermissions')}</Typography.Text>
        )}
        {groupPermissions(catalogue).map(({ group, permissions }) => (
          <Card key={group} size="small" title={permissionGroupText(group, t)}>
            {permissions.map((permission) => (
              <Flex key={permission.name} justify="space-between" align="center" gap="middle" wrap>
                <Typography.Text>{permissionText(permission, t)}</Typography.Text>
                <Form.Item name={[CHOICES_FIELD, permission.name]} style={{ marginBottom: 8 }}>
                  <Radio.Group
                    aria-label={permissionText(permission, t)}
                    optionType="button"
                    size="small"
                    options={choices}
                  />
                </Form.Item>
              </Flex>
            ))}
          </Card>
        ))}
      </Flex>
    </Form.Item>
  );
}
