import { describe, expect, it } from 'vitest';
import { quantityValue } from '../shared/quantity.js';
import { createNamespaceBody, limitRangeBody } from './namespace-requests.js';

function messages(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('quantityValue', () => {
  it('reads decimal, binary and exponent suffixes and refuses anything else', () => {
    expect(quantityValue('500m')).toBe(0.5);
    expect(quantityValue('2')).toBe(2);
    expect(quantityValue('1Gi')).toBe(2 ** 30);
    expect(quantityValue('1.5G')).toBe(1.5e9);
    expect(quantityValue('1e3')).toBe(1000);
    expect(quantityValue('2E')).toBe(2e18);
    for (const bad of ['', '-1', '1.5.5', '1gi', '1 Gi', 'ten', '1Ki2']) {
      expect(quantityValue(bad)).toBeUndefined();
    }
  });
});

describe('createNamespaceBody', () => {
  it('takes a DNS-1123 label with the SPEC message', () => {
    for (const name of ['Web', 'web_1', '-web', 'web-', 'a'.repeat(64)]) {
      const result = createNamespaceBody.safeParse({ name });
      expect(result.success).toBe(false);
    }
    expect(messages(createNamespaceBody.safeParse({ name: 'Web' }))).toEqual([
      'name: lowercase letters, digits and hyphens only',
    ]);
    expect(createNamespaceBody.safeParse({ name: 'web-1' }).success).toBe(true);
  });

  it('refuses a quantity that is not one', () => {
    expect(
      messages(createNamespaceBody.safeParse({ name: 'web', resourceQuota: { cpu: 'two' } })),
    ).toEqual(['resourceQuota.cpu: must be a Kubernetes quantity such as 500m, 2, 512Mi or 1Gi']);
  });

  it('checks min ≤ defaultRequest ≤ default ≤ max across units', () => {
    const result = createNamespaceBody.safeParse({
      name: 'web',
      limitRange: {
        container: {
          max: { cpu: '1', memory: '1Gi' },
          default: { cpu: '1500m', memory: '512Mi' },
          defaultRequest: { memory: '600Mi' },
          min: { memory: '1G' },
        },
      },
    });
    expect(messages(result)).toEqual([
      'limitRange.container.defaultRequest.memory: min memory (1G) must not exceed defaultRequest memory (600Mi)',
      'limitRange.container.default.memory: min memory (1G) must not exceed default memory (512Mi)',
      'limitRange.container.default.memory: defaultRequest memory (600Mi) must not exceed default memory (512Mi)',
      'limitRange.container.max.cpu: default cpu (1500m) must not exceed max cpu (1)',
    ]);
  });

  it('offers no default for type Pod', () => {
    const result = createNamespaceBody.safeParse({
      name: 'web',
      limitRange: { pod: { default: { cpu: '1' } } },
    });
    expect(messages(result)).toEqual(['limitRange.pod: Unrecognized key: "default"']);
  });
});

describe('quota and limit range bodies', () => {
  it('refuses Pod defaults and a default above max with readable messages', () => {
    const result = limitRangeBody.safeParse({
      metadata: { name: 'l' },
      spec: {
        limits: [
          { type: 'Pod', default: { cpu: '1' } },
          { type: 'Container', default: { cpu: '2' }, max: { cpu: '1' } },
        ],
      },
    });
    expect(messages(result)).toEqual([
      'spec.limits.0.default: Kubernetes supports no default or defaultRequest for type Pod',
      'spec.limits.1.max.cpu: default cpu (2) must not exceed max cpu (1)',
    ]);
  });
});
