import { useMemo } from 'react';
import { generateRoutes } from '../../routes/generateRoutes';
import { routeTable } from '../../routes/routeTable';
import { useDerivedRole } from '../../shell/useShellData';

/** The routes generated for the signed-in user's role: what the menus may offer. */
export function useGeneratedRoutes() {
  const role = useDerivedRole();
  return useMemo(() => generateRoutes(routeTable, role), [role]);
}
