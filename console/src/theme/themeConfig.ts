import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './themePreference';

/*
 * Colours that read at WCAG 2 AA contrast (4.5:1 for text) in both modes, set once as antd
 * theme tokens rather than per component (docs/decisions/accessibility.md). antd's defaults
 * draw secondary text, placeholders, links and the selected menu item or tab below 4.5:1:
 * #8c8c8c on white is 3.4:1, #1677ff on white 4.1:1, and in the dark algorithm #1668dc on
 * #141414 3.6:1.
 */
const light: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // The derived hover shade is lighter (#2e7ae6, 4.2:1 on white): hover darkens instead.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    colorError: '#cf1322',
    colorErrorText: '#cf1322',
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
  },
  components: {
    // Status tags draw their text in the status colour, colour tags in the palette's 7th shade;
    // both on the palette's lightest. The shades below 4.5:1 there move one step darker.
    Tag: {
      colorSuccess: '#237804',
      colorError: '#cf1322',
      colorWarning: '#ad4e00',
      colorInfo: '#0958d9',
      green7: '#237804',
      orange7: '#ad4e00',
      gold7: '#874d00',
      lime7: '#5b8c00',
      cyan7: '#006d75',
      volcano7: '#ad2102',
    },
    // An empty table's "No data" is text to read, not a disabled control. (antd 6 does not put
    // a List's token overrides on its root: an empty List names its own text colour.)
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.62)' },
  },
};

/**
 * In the dark algorithm the primary colour fills buttons under white text, so it stays; text
 * drawn in the primary colour (links, the selected menu item and tab) takes a lighter blue.
 */
const darkPrimaryText = '#69b1ff';

const dark: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorLink: darkPrimaryText,
    // The dark algorithm derives a link's hover and pressed shades toward the background
    // (#3a5b7e, 2.4:1 on a hovered table row): as in the light mode, they move away from it.
    colorLinkHover: '#91caff',
    colorLinkActive: darkPrimaryText,
    colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
    colorTextDescription: 'rgba(255, 255, 255, 0.62)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
    colorErrorText: '#ff7875',
    colorSuccessText: '#95de64',
    colorWarningText: '#ffc53d',
  },
  components: {
    Tag: {
      colorSuccess: '#95de64',
      colorError: '#ff7875',
      colorWarning: '#ffc53d',
      colorInfo: darkPrimaryText,
    },
    Table: { colorTextDisabled: 'rgba(255, 255, 255, 0.62)' },
    // Red text on the page and a red fill under text cannot share one red at 4.5:1 on #141414:
    // danger text takes a light red, and a filled danger button dark text on it.
    Button: { colorError: '#ff7875', dangerColor: 'rgba(0, 0, 0, 0.88)' },
    Menu: {
      itemSelectedColor: darkPrimaryText,
      horizontalItemSelectedColor: darkPrimaryText,
      subMenuItemSelectedColor: darkPrimaryText,
    },
    Tabs: {
      itemSelectedColor: darkPrimaryText,
      itemActiveColor: darkPrimaryText,
      inkBarColor: darkPrimaryText,
    },
  },
};

/**
 * The mode's theme; without motion when the person asked their system for less of it (antd then
 * opens dialogs, menus and popups in place, with no zoom or slide: docs/decisions/accessibility.md).
 */
export function themeConfigOf(mode: ThemeMode, { motion = true } = {}): ThemeConfig {
  const config = mode === 'dark' ? dark : light;
  return motion ? config : { ...config, token: { ...config.token, motion: false } };
}
