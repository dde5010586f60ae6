import { createContext, useContext } from 'react';
import { builtInKinds, type KindRegistry } from './kindDescriptors';

const KindRegistryContext = createContext<KindRegistry>(builtInKinds);

/** Gives the generic screens and menus another set of kinds (tests; later, plug-in kinds). */
export const KindRegistryProvider = KindRegistryContext.Provider;

/** The kinds the generic screens and menus render: the console's own unless provided. */
export const useKindRegistry = (): KindRegistry => useContext(KindRegistryContext);
