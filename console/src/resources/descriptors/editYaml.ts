import { lazy } from 'react';
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
  available: ({ object, descriptor }) =>
    object !== undefined && !notEditable.has(descriptor.plural),
  dialog: lazy(() => import('../../pages/importYaml/EditYamlDialog')),
};
