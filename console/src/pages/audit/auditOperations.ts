import type { AuditRecordView } from '@nimbus/api';
import { endpointMethods } from '@nimbus/api/shared';
import type { TFunction } from 'i18next';
import type { TranslationKey } from '../../i18n/translationKey';

/** Every operation of the contract, by id: what an audit record can name. */
const OPERATION_IDS = Object.keys(endpointMethods);

const operationKey = (id: string) => `admin.audit.operations.${id}` as TranslationKey;

/**
 * The record's operation in the reader's language ("Install release"), from the contract id it
 * matched; a record without one (it matched no operation, or it is older) says what it did by
 * method and resource, as it always did.
 */
export function operationName(t: TFunction, record: AuditRecordView): string {
  const id = record.operation;
  if (id !== null && OPERATION_IDS.includes(id)) return t(operationKey(id));
  return `${record.method} ${record.resource}`;
}

/** The operations as filter choices, by their names in the reader's language. */
export function operationOptions(t: TFunction): Array<{ value: string; label: string }> {
  return OPERATION_IDS.map((id) => ({ value: id, label: t(operationKey(id)) })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
}
