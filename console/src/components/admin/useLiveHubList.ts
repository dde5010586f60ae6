import type { HubListKind } from '@nimbus/api/shared';
import { useLiveRefetch } from '../../live/useLiveRefetch';
import { currentOrganizationId } from './session';

/**
 * Reads an admin list of the current organization again when the change stream says it changed
 * (`kind` undefined: follows nothing); returns the read, which a Refresh button calls too.
 */
export function useLiveHubList(
  kind: HubListKind | undefined,
  refresh: (() => unknown) | undefined,
): () => void {
  // Returns the read, so that a change heard while it is on its way is read again after it.
  const readAgain = (): unknown => {
    try {
      return refresh?.();
    } catch {
      // RTK Query refuses to read again a list it was never asked for (no organization yet):
      // there is nothing to refresh then.
      return undefined;
    }
  };
  const organization = currentOrganizationId();
  useLiveRefetch(
    kind && refresh && organization ? { kinds: [kind], organization } : undefined,
    readAgain,
  );
  return readAgain;
}
