import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, failure, ok, SYSTEM } from '../../../tests/fakeIdentityApi';
import { createFeedbackSpy } from '../../../tests/feedbackSpy';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { ApiDependenciesContext } from '../../apiClient/apiDependenciesContext';
import { createI18n } from '../../i18n/createI18n';
import type { Language } from '../../i18n/languages';
import signInEn from '../../i18n/locales/signIn.en.json';
import signInJa from '../../i18n/locales/signIn.ja.json';
import signInZh from '../../i18n/locales/signIn.zh.json';
import type { SignInMessages } from '../../i18n/loadMessages';
import { forgetProviderLogout, keepProviderLogout } from '../../session/providerLogout';
import { SignInScreen } from './SignInScreen';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
  server.respond(`${SYSTEM}/version`, ok('0.1.0'));
  server.respond(
    `${AUTH}/identity-providers`,
    ok({ items: [{ name: 'corp', displayName: 'Corp SSO' }] }),
  );
});
afterEach(async () => {
  forgetProviderLogout();
  await server.close();
});

const signInMessages: Record<Language, SignInMessages> = {
  en: signInEn,
  zh: signInZh,
  ja: signInJa,
};

/** A message key shown as it is: i18next's answer when the loaded messages lack it. */
const shownKeys = (): string[] => {
  const texts = [
    document.body.textContent ?? '',
    ...[...document.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((element) =>
      ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ];
  return texts.flatMap((text) => text.match(/\b[a-z][A-Za-z]*(\.[A-Za-z]+)+\b/g) ?? []);
};

/** The form's inputs in order, for as many as `count`. */
const inputsOf = (form: HTMLElement, count: number): HTMLInputElement[] => {
  const inputs = [...form.querySelectorAll('input')].slice(0, count);
  if (inputs.length < count) throw new Error(`the form has fewer than ${count} inputs`);
  return inputs;
};

const submitOf = (form: HTMLElement): HTMLButtonElement => {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error('the form has no submit button');
  return button;
};

// The sign-in screen is drawn before the console's messages have loaded (app/bootstrap.tsx):
// everything it can show must be in its own part (signIn.*.json).
describe.each(['en', 'zh', 'ja'] as const)('the sign-in screen in %s', (language) => {
  it('needs no message beyond its own part, whatever it shows', async () => {
    server.respond(`POST ${AUTH}/login`, failure(1008, 'MFA code required', 401));
    keepProviderLogout({ url: 'https://sso.example.com/logout', providerName: 'Corp SSO' });
    const user = userEvent.setup();
    render(
      <ApiDependenciesContext
        value={{
          feedback: createFeedbackSpy(),
          baseUrl: `${server.origin}/api/v1`,
          readSession: () => ({}),
        }}
      >
        <I18nextProvider i18n={createI18n(language, signInMessages[language])}>
          <SignInScreen onSignedIn={() => undefined} />
        </I18nextProvider>
      </ApiDependenciesContext>,
    );

    // Its heading names the address it is drawn at, as the shell's headings do.
    expect(screen.getByRole('heading', { level: 1 }).dataset.location).toBe(
      location.pathname + location.search,
    );
    // The providers and the version, read without the store.
    expect(await screen.findByTestId('sso-provider-corp')).toBeDefined();
    expect(await screen.findByTestId('app-version')).toBeDefined();
    expect(screen.getByTestId('provider-logout')).toBeDefined();
    // Each check of the password form, then the MFA step.
    const form = screen.getByTestId('login-form');
    const [userName, password] = inputsOf(form, 2) as [HTMLInputElement, HTMLInputElement];
    await user.click(submitOf(form));
    await user.type(userName, 'Alice_Smith');
    await user.type(password, 'abcdef{Enter}');
    await user.clear(userName);
    await user.type(userName, 'alice');
    await user.type(password, '1{Enter}');
    await user.type(await screen.findByTestId('login-mfa-code'), '{Enter}');
    // Every check of the register form.
    const [, registerTab] = screen.getAllByRole('tab');
    if (!registerTab) throw new Error('no register tab');
    await user.click(registerTab);
    const register = await screen.findByTestId('register-form');
    await user.click(submitOf(register));
    const [newName, email, first, second] = inputsOf(register, 4) as [
      HTMLInputElement,
      HTMLInputElement,
      HTMLInputElement,
      HTMLInputElement,
    ];
    await user.type(newName, 'Bad Name');
    await user.type(email, 'bob@');
    await user.type(first, 'abc');
    await user.type(second, 'abd{Enter}');
    expect(within(register).getAllByRole('alert').length).toBeGreaterThan(0);

    expect(shownKeys()).toEqual([]);
  });
});
