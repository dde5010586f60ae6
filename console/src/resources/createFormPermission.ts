import type { KindDescriptor } from './descriptors/types';
import { kindPermission } from './kindPermission';
import { CREATE_FORMS, createPath, type CreateForm } from './resourceKinds';

/**
 * The permission a creation form needs: its kind's `create` (the Application form creates a
 * Deployment: `application:create`). Undefined for a form no described kind offers, which the
 * server alone judges.
 */
export function createFormPermission(
  descriptors: readonly KindDescriptor[],
  form: CreateForm,
): string | undefined {
  const kind = descriptors.find((descriptor) => descriptor.create?.forms.includes(form))?.kind;
  return kind === undefined ? undefined : kindPermission(kind, 'create');
}

/** The creation form a menu link opens, if it is one. */
export const createFormAt = (path: string): CreateForm | undefined =>
  CREATE_FORMS.find((form) => createPath(form) === path);
