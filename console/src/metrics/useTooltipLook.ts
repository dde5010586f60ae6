import { theme } from 'antd';

/**
 * recharts Tooltip colours from the antd theme: its box on the elevated surface, its text in the
 * text colour. recharts' own look is a white box whose lines take each series' colour, which
 * reads below 4.5:1 (WCAG 2 AA) for the lighter series and in the dark theme.
 */
export function useTooltipLook() {
  const { token } = theme.useToken();
  return {
    contentStyle: {
      background: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      borderRadius: token.borderRadius,
    },
    labelStyle: { color: token.colorText },
    itemStyle: { color: token.colorText },
  };
}
