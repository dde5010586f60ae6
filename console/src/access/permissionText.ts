import type { Permission } from '@nimbus/api';
import type { TFunction } from 'i18next';
import type { TranslationKey } from '../i18n/translationKey';

// The permission catalogue comes from the server in English; the console words each group and
// permission by its name, and a permission it does not know yet keeps the server's words.

/** The heading of a permission group, e.g. "Service accounts". */
export const permissionGroupText = (group: string, t: TFunction): string =>
  t(`admin.permissionCatalogue.${group}.heading` as TranslationKey, { defaultValue: group });

/** What a permission allows, e.g. "Create service accounts". */
export function permissionText(permission: Permission, t: TFunction): string {
  const [group = '', action = ''] = permission.name.split(':');
  return t(`admin.permissionCatalogue.${group}.${action}` as TranslationKey, {
    defaultValue: permission.description || permission.name,
  });
}
