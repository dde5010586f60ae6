import { maxImportDocumentBytes } from '@nimbus/api/shared';
import type { TFunction } from 'i18next';
import type { DocumentIssue } from './parseDocuments';

/** A document's problem in the reader's language. */
export function issueText(issue: DocumentIssue, t: TFunction): string {
  switch (issue.code) {
    case 'syntax':
      return t('importYaml.issues.syntax', { message: issue.message });
    case 'notObject':
      return t('importYaml.issues.notObject');
    case 'missing':
      return t('importYaml.issues.missing', { field: issue.field });
    case 'badName':
      return t('importYaml.issues.badName', { name: issue.name });
    case 'badNamespace':
      return t('importYaml.issues.badNamespace', { namespace: issue.namespace });
    case 'unknownKind':
      return t('importYaml.issues.unknownKind', { kind: issue.kind, apiVersion: issue.apiVersion });
    case 'clusterScoped':
      return t('importYaml.issues.clusterScoped', { kind: issue.kind });
    case 'tooLarge':
      return t('importYaml.issues.tooLarge', { limit: Math.round(maxImportDocumentBytes / 1024) });
  }
}
