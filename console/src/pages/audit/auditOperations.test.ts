import { endpointMethods } from '@nimbus/api/shared';
import { describe, expect, it } from 'vitest';
import { messagesIn } from '../../../tests/messages';

describe('audit operation names', () => {
  it('names every operation of the contract in English, Chinese and Japanese', () => {
    const ids = Object.keys(endpointMethods).sort();
    for (const messages of Object.values(messagesIn)) {
      const names = messages.admin.audit.operations as Record<string, string>;
      expect(Object.keys(names).sort()).toEqual(ids);
      expect(Object.values(names).filter((name) => name.trim() === '')).toEqual([]);
    }
  });
});
