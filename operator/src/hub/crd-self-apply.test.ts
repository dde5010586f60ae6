import { describe, expect, it } from 'vitest';
import { favouriteKind } from '../crds/favourite.js';
import {
  compareVersions,
  decide,
  schemaHashAnnotation,
  stampedCrd,
  versionAnnotation,
} from './crd-self-apply.js';

describe('which installed CRDs the operator applies over', () => {
  const mine = { version: '0.2.0', hash: 'abc' };
  const installed = (version?: string, hash?: string) => ({
    ...(version ? { [versionAnnotation]: version } : {}),
    ...(hash ? { [schemaHashAnnotation]: hash } : {}),
  });

  it('applies over CRDs nobody stamped (the chart’s crds/, kubectl) and over older ones', () => {
    expect(decide(undefined, mine)).toBe('apply');
    expect(decide(installed('0.1.0', 'old'), mine)).toBe('apply');
    expect(decide(installed('0.2.0-rc.1', 'old'), mine)).toBe('apply');
  });

  it('leaves its own, and never downgrades a newer operator’s (a rollback)', () => {
    expect(decide(installed('0.2.0', 'abc'), mine)).toBe('current');
    expect(decide(installed('0.3.0', 'other'), mine)).toBe('newer-installed');
    expect(decide(installed('1.0.0', 'other'), mine)).toBe('newer-installed');
  });

  it('applies at the same version when the schema differs (a rebuilt development version)', () => {
    expect(decide(installed('0.2.0', 'different'), mine)).toBe('apply');
  });

  it('compares versions numerically, a release above its pre-releases', () => {
    expect(compareVersions('0.10.0', '0.9.0')).toBe(1);
    expect(compareVersions('1.0.0-rc.2', '1.0.0-rc.10')).toBe(-1);
    expect(compareVersions('1.0.0', '1.0.0-rc.1')).toBe(1);
    expect(compareVersions('v1.2.3', '1.2.3')).toBe(0);
    expect(compareVersions('dev', '1.2.3')).toBeUndefined();
  });

  it('stamps the generated CRD with the version and a hash of its spec only', () => {
    const crd = stampedCrd(favouriteKind, '0.2.0') as {
      metadata: { name: string; annotations: Record<string, string> };
    };
    expect(crd.metadata.name).toBe('favourites.nimbus.io');
    expect(crd.metadata.annotations[versionAnnotation]).toBe('0.2.0');
    expect(crd.metadata.annotations[schemaHashAnnotation]).toMatch(/^[0-9a-f]{16}$/);
    const again = stampedCrd(favouriteKind, '0.3.0') as typeof crd;
    expect(again.metadata.annotations[schemaHashAnnotation]).toBe(
      crd.metadata.annotations[schemaHashAnnotation],
    );
  });
});
