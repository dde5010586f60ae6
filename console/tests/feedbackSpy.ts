import { vi } from 'vitest';
import type { ApiFeedback } from '../src/apiClient/apiFeedback';

export function createFeedbackSpy() {
  return {
    tokenExpired: vi.fn<ApiFeedback['tokenExpired']>(),
    noPermission: vi.fn<ApiFeedback['noPermission']>(),
    passwordChangeRequired: vi.fn<ApiFeedback['passwordChangeRequired']>(),
    requestFailed: vi.fn<ApiFeedback['requestFailed']>(),
  } satisfies ApiFeedback;
}
