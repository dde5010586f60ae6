import type { BodyFor } from '@nimbus/api';

/** A key the secret has: a new value replaces its own, Remove deletes it, neither keeps it. */
export interface ExistingValue {
  key: string;
  value?: string;
  remove?: boolean;
}

/** A key the secret does not have yet. */
export interface AddedValue {
  key?: string;
  value?: string;
}

export interface SecretValuesForm {
  existing: ExistingValue[];
  added: AddedValue[];
}

/** The write-only change the form asks for, or undefined when it asks for none. */
export function secretValuesChange(
  form: Partial<SecretValuesForm>,
): BodyFor<'updateSecretValues'> | undefined {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const entry of form.existing ?? []) {
    if (entry.remove) remove.push(entry.key);
    else if (entry.value) set[entry.key] = entry.value;
  }
  for (const entry of form.added ?? []) {
    const key = entry.key?.trim();
    if (key) set[key] = entry.value ?? '';
  }
  return Object.keys(set).length === 0 && remove.length === 0 ? undefined : { set, remove };
}

/** Whether the added key at `index` repeats an existing key or an earlier added one. */
export function addedKeyTaken(form: Partial<SecretValuesForm>, index: number): boolean {
  const key = form.added?.[index]?.key?.trim();
  if (!key) return false;
  if ((form.existing ?? []).some((entry) => entry.key === key)) return true;
  return (form.added ?? []).slice(0, index).some((entry) => entry.key?.trim() === key);
}
