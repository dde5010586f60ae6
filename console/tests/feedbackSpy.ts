import { vi } from 'vitest';
import type { ApiFeedback } from '../src/api/apiFeedback';

export function createFeedbackSpy() {
  return {
    tokenExpired: vi.fn<ApiFeedback['tokenExpired']>(),
    noPermission: vi.fn<ApiFeedback['noPermission']>(),
    requestFailed: vi.fn<ApiFeedback['requestFailed']>(),
  } satisfies ApiFeedback;
}
