import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messagesIn } from '../../tests/messages';
import { renderWithProviders } from '../../tests/renderWithProviders';
import { createI18n } from '../i18n/createI18n';
import { serviceAccountRefusal } from '../../tests/refusals';
import type { ApiFeedback } from '../apiClient/apiFeedback';
import { createAntdApiFeedback, type AntdFeedbackApis } from './antdApiFeedback';

/** Renders the real antd App and returns the feedback bound to it, as main.tsx does. */
async function renderFeedback({ why = true, language = 'en' as 'en' | 'zh' } = {}) {
  let apis: AntdFeedbackApis | undefined;
  const reLogin = vi.fn();
  const openPasswordChange = vi.fn();
  const explainRefusal = vi.fn();
  const { i18n } = renderWithProviders(<div />, {
    onAntdReady: (ready) => {
      apis = ready;
    },
  });
  await waitFor(() => expect(apis).toBeDefined());
  const feedback: ApiFeedback = createAntdApiFeedback({
    apis: () => apis,
    t: language === 'en' ? i18n.t.bind(i18n) : createI18n(language, messagesIn[language]).t,
    reLogin,
    openPasswordChange,
    ...(why ? { explainRefusal } : {}),
  });
  return { feedback, reLogin, openPasswordChange, explainRefusal };
}

describe('antd API feedback', () => {
  it('asks to sign in again once, and re-logs in from the button', async () => {
    const user = userEvent.setup();
    const { feedback, reLogin } = await renderFeedback();

    feedback.tokenExpired();
    feedback.tokenExpired();

    expect(await screen.findByText('Token is expired, please login again')).toBeDefined();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Re-login' }));
    expect(reLogin).toHaveBeenCalledTimes(1);
  });

  it('shows the no-permission message', async () => {
    const { feedback } = await renderFeedback({ why: false });

    feedback.noPermission({ url: '/api/v1/iam.nimbus.io/users' });

    expect(
      await screen.findByText('no operation permission, contact the administrator'),
    ).toBeDefined();
    expect(screen.queryByTestId('no-permission-why')).toBeNull();
  });

  it('offers "Why?" for a refused request when an explanation can be opened', async () => {
    const user = userEvent.setup();
    const { feedback, explainRefusal } = await renderFeedback();
    const refused = { url: '/api/v1/crd.nimbus.io/vendors/v/regions/r/clusters/prod/nodes/n' };

    feedback.noPermission(refused);
    await user.click(await screen.findByTestId('no-permission-why'));

    expect(explainRefusal).toHaveBeenCalledWith(refused);
  });

  it('shows what a member cluster refused, in its own terms, and offers to explain that call', async () => {
    const user = userEvent.setup();
    const { feedback, explainRefusal } = await renderFeedback();
    const refused = {
      url: '/api/v1/appstore.nimbus.io/vendors/v/regions/r/clusters/prod/namespaces/web/releases',
      refusal: serviceAccountRefusal,
    };

    feedback.noPermission(refused);

    expect((await screen.findByTestId('no-permission-message')).textContent).toContain(
      'prod: cannot get serviceaccounts in namespace web',
    );
    expect(screen.queryByText('no operation permission, contact the administrator')).toBeNull();
    await user.click(screen.getByTestId('no-permission-why'));
    expect(explainRefusal).toHaveBeenCalledWith(refused);
  });

  it('asks for a password change and opens the form', async () => {
    const { feedback, openPasswordChange } = await renderFeedback();

    feedback.passwordChangeRequired();

    expect(await screen.findByText('Please change your password first')).toBeDefined();
    expect(openPasswordChange).toHaveBeenCalledTimes(1);
  });

  it('shows a failed request with its URL and message', async () => {
    const { feedback } = await renderFeedback();

    feedback.requestFailed({
      url: '/api/v1/manage.nimbus.io/clusters',
      code: 2001,
      message: 'cluster is unreachable',
      durationMs: 10_000,
    });

    expect(await screen.findByText('Request failed')).toBeDefined();
    expect(screen.getByText('/api/v1/manage.nimbus.io/clusters')).toBeDefined();
    expect(screen.getByText('cluster is unreachable')).toBeDefined();
  });

  it("says in Chinese what the code means, the server's precise English after it", async () => {
    const { feedback } = await renderFeedback({ language: 'zh' });

    feedback.requestFailed({
      url: '/api/v1/manage.nimbus.io/registries',
      code: 1000,
      message: 'plainHttp: only Harbor and Distribution registries speak plain http',
      durationMs: 10_000,
    });

    expect((await screen.findByTestId('request-failed-message')).textContent).toBe(
      '校验失败: plainHttp: only Harbor and Distribution registries speak plain http',
    );
  });
});
