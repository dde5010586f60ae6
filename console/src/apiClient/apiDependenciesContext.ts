import { createContext, useContext } from 'react';
import type { ApiDependencies } from './apiDependencies';

/**
 * The API environment for screens that call the operator without the store: the sign-in screen,
 * drawn before RTK Query and Redux have loaded (app/bootstrap.tsx). Inside the console the
 * store's own environment is provided (pages/login/LoginPage.tsx).
 */
export const ApiDependenciesContext = createContext<ApiDependencies | undefined>(undefined);

export function useProvidedApiDependencies(): ApiDependencies {
  const dependencies = useContext(ApiDependenciesContext);
  if (!dependencies) throw new Error('No ApiDependenciesContext above this screen');
  return dependencies;
}
