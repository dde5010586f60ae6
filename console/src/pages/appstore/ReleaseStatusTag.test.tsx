import { act, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { messagesIn } from '../../../tests/messages';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { ReleaseStatusTag } from './ReleaseStatusTag';

it("names Helm's release states in the reader's language", async () => {
  const { i18n } = renderWithProviders(
    <>
      <ReleaseStatusTag status="deployed" />
      <ReleaseStatusTag status="pending-upgrade" />
    </>,
  );
  expect(screen.getByText('Deployed')).toBeDefined();
  expect(screen.getByText('Upgrading')).toBeDefined();
  i18n.addResourceBundle('zh', 'translation', messagesIn.zh);
  i18n.addResourceBundle('ja', 'translation', messagesIn.ja);

  await act(() => i18n.changeLanguage('zh'));
  expect(screen.getByText('已部署')).toBeDefined();
  expect(screen.getByText('升级中')).toBeDefined();

  await act(() => i18n.changeLanguage('ja'));
  expect(screen.getByText('デプロイ済み')).toBeDefined();
  expect(screen.getByText('アップグレード中')).toBeDefined();
});

it('shows a state it does not know in Helm’s own word', () => {
  renderWithProviders(<ReleaseStatusTag status="paused-by-operator" />);
  expect(screen.getByText('paused-by-operator')).toBeDefined();
});
