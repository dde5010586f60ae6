import { BgColorsOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../theme/ThemeModeProvider';
import { themePreferences, type ThemePreference } from '../theme/themePreference';

/** Picks light, dark or the system's scheme; remembered in this browser. */
export function ThemeSelect() {
  const { t } = useTranslation();
  const { preference, choose } = useThemeMode();
  return (
    <Select<ThemePreference>
      data-testid="header-theme"
      aria-label={t('theme.label')}
      prefix={<BgColorsOutlined />}
      value={preference}
      options={themePreferences.map((value) => ({ value, label: t(`theme.${value}`) }))}
      onChange={choose}
      popupMatchSelectWidth={false}
    />
  );
}
