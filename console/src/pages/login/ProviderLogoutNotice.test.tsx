import { act, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE_SESSION,
  AUTH,
  ok,
  organization,
  serveSignedInUser,
} from '../../../tests/fakeIdentityApi';
import { startLoopbackServer, type LoopbackServer } from '../../../tests/loopbackServer';
import { messagesIn } from '../../../tests/messages';
import { renderApp } from '../../../tests/renderApp';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { keepProviderLogout } from '../../session/providerLogout';
import { saveSession } from '../../session/session';
import { ProviderLogoutNotice } from './ProviderLogoutNotice';

const LOGOUT_URL =
  'https://login.example.com/realms/corp/protocol/openid-connect/logout?client_id=nimbus';

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('after signing out from the user menu', () => {
  let server: LoopbackServer;
  beforeEach(async () => {
    server = await startLoopbackServer();
    saveSession(ALICE_SESSION);
    serveSignedInUser(server, { organizations: [organization('acme')] });
  });
  afterEach(() => server.close());

  async function logOut() {
    const rendered = renderApp('/home', { apiOrigin: server.origin });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('header-user-menu'));
    await user.click(await screen.findByTestId('user-menu-logout'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Nimbus' })).toBeDefined();
    expect(rendered.router.state.location.pathname).toBe('/login');
    return rendered;
  }

  it("offers the provider's own sign-out when the session came from one with a logout URL", async () => {
    server.respond(
      `POST ${AUTH}/logout`,
      ok({ providerLogoutUrl: LOGOUT_URL, providerName: 'Corp SSO' }),
    );
    await logOut();

    const notice = screen.getByRole('status');
    expect(notice).toBe(screen.getByTestId('provider-logout'));
    expect(notice.textContent).toContain(
      'You are signed out of Nimbus, but still signed in at Corp SSO.',
    );
    const link = within(notice).getByRole('link', { name: 'Sign out of Corp SSO too' });
    expect(link.getAttribute('href')).toBe(LOGOUT_URL);
  });

  it('shows nothing after a password session (no logout URL in the answer)', async () => {
    server.respond(`POST ${AUTH}/logout`, ok({}));
    await logOut();

    expect(screen.queryByTestId('provider-logout')).toBeNull();
    expect(screen.queryByRole('link', { name: /Sign out of/ })).toBeNull();
  });

  it('shows nothing when the logout call fails', async () => {
    server.respond(`POST ${AUTH}/logout`, { status: 500, body: 'down' });
    await logOut();

    expect(screen.queryByTestId('provider-logout')).toBeNull();
  });
});

describe('the notice', () => {
  it('survives a render thrown away while the login screen still loads', async () => {
    keepProviderLogout({ url: LOGOUT_URL, providerName: 'Corp SSO' });
    let loaded: () => void = () => undefined;
    const loading = new Promise<void>((resolve) => (loaded = resolve));
    let ready = false;
    void loading.then(() => (ready = true));
    function StillLoading() {
      if (!ready) throw loading;
      return null;
    }
    renderWithProviders(
      <Suspense fallback={null}>
        <ProviderLogoutNotice />
        <StillLoading />
      </Suspense>,
    );
    expect(screen.queryByTestId('provider-logout')).toBeNull();
    await act(async () => loaded());
    expect((await screen.findByRole('status')).textContent).toContain('Corp SSO');
  });

  it('is offered once: the login screen shown again does not repeat it', () => {
    keepProviderLogout({ url: LOGOUT_URL, providerName: 'Corp SSO' });
    const first = renderWithProviders(<ProviderLogoutNotice />);
    expect(screen.getByRole('link', { name: 'Sign out of Corp SSO too' })).toBeDefined();
    first.unmount();

    renderWithProviders(<ProviderLogoutNotice />);
    expect(screen.queryByTestId('provider-logout')).toBeNull();
  });

  it('never links to anything but an http(s) address', () => {
    keepProviderLogout({ url: 'javascript:alert(document.cookie)', providerName: 'Corp SSO' });
    renderWithProviders(<ProviderLogoutNotice />);
    expect(screen.queryByTestId('provider-logout')).toBeNull();
  });

  it('is translated in Chinese and Japanese', async () => {
    keepProviderLogout({ url: LOGOUT_URL, providerName: 'Corp SSO' });
    const { i18n } = renderWithProviders(<ProviderLogoutNotice />);
    const notice = screen.getByTestId('provider-logout');
    const english = notice.textContent;

    i18n.addResourceBundle('zh', 'translation', messagesIn.zh);
    i18n.addResourceBundle('ja', 'translation', messagesIn.ja);
    await act(() => i18n.changeLanguage('zh'));
    expect(within(notice).getByRole('link').textContent).toBe('同时退出 Corp SSO');
    expect(notice.textContent).toContain('您已退出 Nimbus，但仍登录在 Corp SSO。');
    await act(() => i18n.changeLanguage('ja'));
    expect(within(notice).getByRole('link').textContent).toBe('Corp SSO からもサインアウト');
    expect(notice.textContent).not.toBe(english);
  });
});
