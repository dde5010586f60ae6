import { lazy } from 'react';
import { kindPermission } from '../kindPermission';
import type { ActionDescriptor } from './types';

/** Secrets are read as metadata only (their data never reaches the console); events are records. */
const notEditable = new Set(['secrets', 'events']);

/** "Edit YAML" on every detail page whose object can be shown whole. */
export const editYamlAction: ActionDescriptor = {
  id: 'editYaml',
  labelKey: 'importYaml.edit.button',
  confirm: {
    kind: 'confirm',
    titleKey: 'importYaml.edit.title',
    textKey: 'importYaml.edit.diffHelp',
  },
  // Offered where the caller may edit the kind on the object's cluster (kinds outside the kind
  // table: the server decides).
  available: ({ object, descriptor, allows }) => {
    const permission = kindPermission(descriptor.kind, 'update');
    return (
      object !== undefined &&
      !notEditable.has(descriptor.plural) &&
      (permission === undefined || allows(permission))
    );
  },
  dialog: lazy(() => import('../../pages/importYaml/EditYamlDialog')),
};
