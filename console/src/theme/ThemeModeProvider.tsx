import { ConfigProvider } from 'antd';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { themeConfigOf } from './themeConfig';
import {
  applyThemeMode,
  readThemePreference,
  rememberThemePreference,
  systemColorScheme,
  systemReducedMotion,
  themeModeOf,
  type ThemeMode,
  type ThemePreference,
} from './themePreference';
import { useMediaMatch } from './useMediaMatch';

interface ThemeModeContextValue {
  preference: ThemePreference;
  mode: ThemeMode;
  choose: (preference: ThemePreference) => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | undefined>(undefined);

/** The theme the user chose (remembered in this browser), following the system when asked. */
export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode is used outside ThemeModeProvider');
  return value;
}

/**
 * antd's light or dark algorithm for everything inside, by the user's choice or the system's
 * colour scheme, and without motion when the system asks for less (both followed as they change).
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreference] = useState(readThemePreference);
  const systemDark = useMediaMatch(systemColorScheme);
  const reducedMotion = useMediaMatch(systemReducedMotion);
  const mode = themeModeOf(preference, systemDark);
  const config = useMemo(
    () => themeConfigOf(mode, { motion: !reducedMotion }),
    [mode, reducedMotion],
  );
  useEffect(() => applyThemeMode(mode), [mode]);
  const value = useMemo<ThemeModeContextValue>(
    () => ({
      preference,
      mode,
      choose: (next) => {
        rememberThemePreference(next);
        setPreference(next);
      },
    }),
    [preference, mode],
  );
  return (
    <ThemeModeContext.Provider value={value}>
      <ConfigProvider theme={config}>{children}</ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
