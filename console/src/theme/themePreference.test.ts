import { afterEach, describe, expect, it } from 'vitest';
import {
  applyThemeMode,
  readThemePreference,
  rememberThemePreference,
  themeModeOf,
} from './themePreference';

afterEach(() => {
  delete document.documentElement.dataset.theme;
  document.documentElement.style.colorScheme = '';
});

describe('theme preference', () => {
  it("follows the system until a choice is remembered, and ignores what it can't read", () => {
    expect(readThemePreference()).toBe('system');
    rememberThemePreference('dark');
    expect(readThemePreference()).toBe('dark');
    localStorage.setItem('nimbus.theme', 'purple');
    expect(readThemePreference()).toBe('system');
  });

  it("resolves 'system' by the system's scheme and a choice by itself", () => {
    expect(themeModeOf('system', true)).toBe('dark');
    expect(themeModeOf('system', false)).toBe('light');
    expect(themeModeOf('light', true)).toBe('light');
    expect(themeModeOf('dark', false)).toBe('dark');
  });

  it('marks the document for the stylesheets and native controls', () => {
    applyThemeMode('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });
});
