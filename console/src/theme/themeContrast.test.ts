import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeConfigOf } from './themeConfig';

type Rgb = [number, number, number];

/** `#rrggbb`, or `rgba(r,g,b,a)` drawn over `under` (a fill such as a hovered row's). */
function colourOf(value: string, under: Rgb = [0, 0, 0]): Rgb {
  if (value.startsWith('#')) {
    return [1, 3, 5].map((at) => parseInt(value.slice(at, at + 2), 16)) as Rgb;
  }
  const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b].map((channel, at) => channel * a + (under[at] ?? 0) * (1 - a)) as Rgb;
}

/** WCAG 2's relative luminance and contrast ratio. */
const luminance = (rgb: Rgb): number => {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: Rgb, b: Rgb): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('link colours read at 4.5:1 (WCAG 2 AA) in both modes', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`${mode}: at rest, hovered and pressed, on the page and on a hovered row`, () => {
      const token = theme.getDesignToken(themeConfigOf(mode));
      const page = colourOf(token.colorBgContainer);
      const hoveredRow = colourOf(token.controlItemBgHover, page);
      const states = {
        rest: token.colorLink,
        hover: token.colorLinkHover,
        pressed: token.colorLinkActive,
      };
      for (const [state, colour] of Object.entries(states)) {
        for (const [where, background] of Object.entries({ page, hoveredRow })) {
          const ratio = contrast(colourOf(colour), background);
          expect({ state, where, ratio: Math.round(ratio * 100) / 100 }).toEqual({
            state,
            where,
            ratio: expect.toSatisfy((value: number) => value >= 4.5) as number,
          });
        }
      }
    });
  }
});
