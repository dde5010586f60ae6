import { ConfigProvider } from 'antd';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { themeConfigOf } from './themeConfig';
import {
  applyThemeMode,
  readThemePreference,
  rememberThemePreference,
  systemColorScheme,
  themeModeOf,
  type ThemeMode,
  type ThemePreference,
} from './themePreference';

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
 * colour scheme (followed as it changes).
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreference] = useState(readThemePreference);
  const [systemDark, setSystemDark] = useState(() => systemColorScheme()?.matches ?? false);
  useEffect(() => {
    const scheme = systemColorScheme();
    if (!scheme) return undefined;
    const follow = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    scheme.addEventListener('change', follow);
    return () => scheme.removeEventListener('change', follow);
  }, []);
  const mode = themeModeOf(preference, systemDark);
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
      <ConfigProvider theme={themeConfigOf(mode)}>{children}</ConfigProvider>
    </ThemeModeContext.Provider>
  );
}
