import { expect, it } from 'vitest';
import en from '../../../i18n/locales/admin.en.json';
import ja from '../../../i18n/locales/admin.ja.json';
import zh from '../../../i18n/locales/admin.zh.json';

// The built-in roles the operator creates in every organization (operator/src/access/built-in-roles.ts).
const builtIn = ['owner', 'operator', 'developer', 'read-only'];

it('describes every built-in role in each language, in that language', () => {
  const descriptions = (messages: typeof en) => messages.roles.builtInDescriptions;
  for (const name of builtIn) {
    const english = (descriptions(en) as Record<string, string>)[name];
    expect(english, name).toMatch(/\w/);
    for (const messages of [zh, ja]) {
      const text = (descriptions(messages) as Record<string, string>)[name];
      expect(text, name).toBeTruthy();
      expect(text).not.toBe(english);
    }
  }
});
