import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { SignInTabs } from './SignInTabs';

const tabs = [
  { key: 'one', label: 'One', content: <input aria-label="First field" /> },
  { key: 'two', label: 'Two', content: <input aria-label="Second field" /> },
  { key: 'three', label: 'Three', content: <p>Third panel</p> },
];

const selected = () =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')
    ?.textContent;

it('is one tab stop; arrow keys, Home and End move and select', async () => {
  const user = userEvent.setup();
  render(<SignInTabs tabs={tabs} />);

  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'One' }));
  await user.keyboard('{ArrowRight}');
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Two' }));
  expect(selected()).toBe('Two');
  expect(screen.getByRole('tabpanel', { name: 'Two' })).toBeDefined();
  await user.keyboard('{End}');
  expect(selected()).toBe('Three');
  await user.keyboard('{ArrowRight}');
  expect(selected()).toBe('One');
  await user.keyboard('{ArrowLeft}{Home}');
  expect(selected()).toBe('One');
  // From the selected tab, Tab goes into its panel, not to the other tabs.
  await user.tab();
  expect(document.activeElement).toBe(screen.getByLabelText('First field'));
});

it('renders a panel once first selected and keeps what was typed in it', async () => {
  const user = userEvent.setup();
  render(<SignInTabs tabs={tabs} />);

  expect(screen.queryByLabelText('Second field')).toBeNull();
  await user.click(screen.getByRole('tab', { name: 'Two' }));
  await user.type(screen.getByLabelText('Second field'), 'kept');
  await user.click(screen.getByRole('tab', { name: 'One' }));
  expect(screen.queryByRole('tabpanel', { name: 'Two' })).toBeNull();

  await user.click(screen.getByRole('tab', { name: 'Two' }));
  expect((screen.getByLabelText('Second field') as HTMLInputElement).value).toBe('kept');
});
