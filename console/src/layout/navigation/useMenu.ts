import { useMemo } from 'react';
import { useKindRegistry } from '../../resources/KindRegistryContext';
import type { MenuName } from '../../routes/menuPlacement';
import { routeTable } from '../../routes/routeTable';
import { useDerivedRole } from '../../appState/useAppData';
import { menuLinks, type MenuLink } from './menuModel';

/** A menu's links for the signed-in user's role, from the route table and the described kinds. */
export function useMenu(menu: MenuName): MenuLink[] {
  const role = useDerivedRole();
  const { descriptors } = useKindRegistry();
  return useMemo(() => menuLinks(routeTable, role, menu, descriptors), [role, menu, descriptors]);
}
