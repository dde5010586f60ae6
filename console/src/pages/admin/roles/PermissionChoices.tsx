import type { Permission } from '@nimbus/api';
import { Button, Card, Flex, Form, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionGroupText, permissionText } from '../../../access/permissionText';
import {
  groupPermissions,
  groupTally,
  NOT_SET,
  type EffectChoice,
  type EffectChoices,
  type PermissionGroup,
} from './rolePermissions';

/** The form field holding one choice per permission name. */
export const CHOICES_FIELD = 'effects';

/** What a group's heading offers for all its permissions at once; clearing is the quiet one. */
const WHOLE_GROUP_ACTIONS = [
  { effect: 'allow', label: 'admin.roles.allowAll', ariaLabel: 'admin.roles.allowAllIn' },
  { effect: 'deny', label: 'admin.roles.denyAll', ariaLabel: 'admin.roles.denyAllIn' },
  { effect: NOT_SET, label: 'admin.roles.clearAll', ariaLabel: 'admin.roles.clearAllIn' },
] as const satisfies readonly { effect: EffectChoice; label: string; ariaLabel: string }[];

/** One group of the catalogue: its heading with what is chosen, a choice for all, each one's. */
function GroupChoices({
  group,
  choices,
  effects,
}: {
  group: PermissionGroup;
  choices: { value: EffectChoice; label: string }[];
  effects: EffectChoices | undefined;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const heading = permissionGroupText(group.group, t);
  const tally = groupTally(group, effects);
  const setAll = (effect: EffectChoice) => {
    for (const permission of group.permissions) {
      form.setFieldValue([CHOICES_FIELD, permission.name], effect);
    }
  };
  const everyone = (effect: EffectChoice) =>
    group.permissions.every((permission) => effects?.[permission.name] === effect);
  return (
    <Card
      size="small"
      data-testid={`role-group-${group.group}`}
      title={
        <Space size="small" wrap>
          <span>{heading}</span>
          <Typography.Text type="secondary" data-testid="role-group-tally">
            {t('admin.roles.tally', tally)}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space size={4} wrap>
          {WHOLE_GROUP_ACTIONS.map((action) => (
            <Button
              key={action.effect}
              size="small"
              {...(action.effect === NOT_SET ? { type: 'text' as const } : {})}
              aria-label={t(action.ariaLabel, { group: heading })}
              disabled={everyone(action.effect)}
              onClick={() => setAll(action.effect)}
            >
              {t(action.label)}
            </Button>
          ))}
        </Space>
      }
    >
      {group.permissions.map((permission) => (
        <Flex key={permission.name} justify="space-between" align="center" gap="middle" wrap>
          <Typography.Text>{permissionText(permission, t)}</Typography.Text>
          <Form.Item name={[CHOICES_FIELD, permission.name]} style={{ marginBottom: 8 }}>
            {/* Solid buttons: the chosen effect is filled, not only outlined. */}
            <Radio.Group
              aria-label={permissionText(permission, t)}
              optionType="button"
              buttonStyle="solid"
              size="small"
              options={choices}
            />
          </Form.Item>
        </Flex>
      ))}
    </Card>
  );
}

/**
 * The permission catalogue by group, each permission not set, allowed or denied; a group says
 * how many of its permissions are allowed and denied, and can be allowed, denied or cleared whole.
 */
export function PermissionChoices({ catalogue }: { catalogue: readonly Permission[] }) {
  const { t } = useTranslation();
  const effects = Form.useWatch<EffectChoices | undefined>(CHOICES_FIELD, {
    form: Form.useFormInstance(),
    preserve: true,
  });
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
        {groupPermissions(catalogue).map((group) => (
          <GroupChoices key={group.group} group={group} choices={choices} effects={effects} />
        ))}
      </Flex>
    </Form.Item>
  );
}
