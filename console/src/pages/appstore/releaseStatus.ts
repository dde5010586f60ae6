import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/translationKey';

/**
 * Helm's release states (helm.sh/helm/v3/pkg/release Status), each with its words and colour.
 * The API passes Helm's own word through; one this console does not know yet is shown as is.
 */
const STATUSES: Record<string, { key: TranslationKey; colour: string }> = {
  unknown: { key: 'appStore.releaseStatus.unknown', colour: 'default' },
  deployed: { key: 'appStore.releaseStatus.deployed', colour: 'green' },
  uninstalled: { key: 'appStore.releaseStatus.uninstalled', colour: 'default' },
  superseded: { key: 'appStore.releaseStatus.superseded', colour: 'default' },
  failed: { key: 'appStore.releaseStatus.failed', colour: 'red' },
  uninstalling: { key: 'appStore.releaseStatus.uninstalling', colour: 'orange' },
  'pending-install': { key: 'appStore.releaseStatus.pendingInstall', colour: 'blue' },
  'pending-upgrade': { key: 'appStore.releaseStatus.pendingUpgrade', colour: 'blue' },
  'pending-rollback': { key: 'appStore.releaseStatus.pendingRollback', colour: 'blue' },
};

/** The tag colour of a Helm release status. */
export const releaseStatusColour = (status: string): string =>
  STATUSES[status]?.colour ?? 'default';

/** Names a Helm release status in the console's language. */
export function useReleaseStatusText(): (status: string) => string {
  const { t } = useTranslation();
  return (status) => {
    const known = STATUSES[status];
    return known ? t(known.key) : status;
  };
}
