import { describe, expect, it } from 'vitest';
import { colourRules } from '../support/accessibility.js';

// The dark theme's audit runs only the rules that read colours (support/accessibility.ts): an
// empty list would audit nothing there, and an axe-core upgrade that adds a colour rule must be
// seen, so the list is spelled out.
describe('the accessibility audit in the dark theme', () => {
  it('runs axe-core’s colour rules of WCAG 2 A/AA: contrast and links told apart by colour', () => {
    expect(colourRules).toEqual(['color-contrast', 'link-in-text-block']);
  });
});
