import type { TranslationKey } from '../../i18n/translationKey';
import type { DerivedRole } from '../../appState/deriveRole';
import { accessRedirect, viewerOfRole } from '../../routes/access';
import type { AdminNavigationGroup, MenuName, MenuPlacement } from '../../routes/menuPlacement';
import { isRedirectRoute, type PageRoute, type RouteEntry } from '../../routes/routeEntry';

export interface MenuLink {
  to: string;
  labelKey: TranslationKey;
  descriptionKey?: TranslationKey;
  group?: AdminNavigationGroup;
}

/** A kind as the menus name it (`perKind` placements link each kind's page). */
export interface MenuKind {
  kind: string;
  labelKey: TranslationKey;
}

const placedFor = (placement: MenuPlacement, menu: MenuName, role: DerivedRole): boolean =>
  placement.menu === menu && (placement.roles === undefined || placement.roles.includes(role));

function linksOf(entry: PageRoute, placement: MenuPlacement, kinds: readonly MenuKind[]) {
  const extra = {
    ...(placement.descriptionKey ? { descriptionKey: placement.descriptionKey } : {}),
    ...(placement.group ? { group: placement.group } : {}),
  };
  if (!placement.perKind) return [{ to: entry.path, labelKey: placement.labelKey, ...extra }];
  return kinds.map((kind) => ({
    to: entry.path.replace(':type', encodeURIComponent(kind.kind)),
    labelKey: kind.labelKey,
    ...extra,
  }));
}

/**
 * One menu, built from the route table: the routes placed in it that `role` may open (admin
 * routes only for system and organization administrators) and whose placement admits the role,
 * in placement order; a role not derived yet is a plain user.
 */
export function menuLinks(
  table: readonly RouteEntry[],
  role: DerivedRole | undefined,
  menu: MenuName,
  kinds: readonly MenuKind[],
): MenuLink[] {
  const viewer = viewerOfRole(role);
  return table
    .filter((entry): entry is PageRoute => !isRedirectRoute(entry))
    .filter((entry) => accessRedirect(entry, viewer) === null)
    .flatMap((entry) =>
      (entry.menus ?? [])
        .filter((placement) => placedFor(placement, menu, role ?? 'user'))
        .map((placement) => ({ entry, placement })),
    )
    .sort((a, b) => a.placement.order - b.placement.order)
    .flatMap(({ entry, placement }) => linksOf(entry, placement, kinds));
}
