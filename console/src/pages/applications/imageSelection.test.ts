import { describe, expect, it } from 'vitest';
import {
  allowsFreeTyping,
  chooseRegistry,
  chosenImage,
  leavingNeedsConfirm,
} from './imageSelection';

const hub = { uuid: '9999', host: 'docker.io' };
const own = { uuid: 'uid-1', host: '127.0.0.1:16446' };

describe('image selection', () => {
  it('select mode emits host/image:tag only with all three', () => {
    const picked = { ...chooseRegistry({ mode: 'select', text: '' }, own), image: 'library/hello' };
    expect(chosenImage(picked)).toBeUndefined();
    expect(chosenImage({ ...picked, tag: '1.0' })).toBe('127.0.0.1:16446/library/hello:1.0');
  });

  it('choosing a registry clears image and tag', () => {
    const before = {
      mode: 'select' as const,
      registryId: own.uuid,
      host: own.host,
      image: 'a',
      tag: 'b',
      text: '',
    };
    expect(chooseRegistry(before, hub)).toEqual({
      mode: 'select',
      registryId: '9999',
      host: 'docker.io',
      text: '',
    });
  });

  it('input mode needs a non-empty, well-formed reference', () => {
    expect(chosenImage({ mode: 'input', text: '  ' })).toBeUndefined();
    expect(chosenImage({ mode: 'input', text: 'nginx' })).toBeUndefined();
    expect(chosenImage({ mode: 'input', text: 'quay.io/org/app:1' })).toBe('quay.io/org/app:1');
  });

  it('only docker.io allows free typing', () => {
    expect(allowsFreeTyping('docker.io')).toBe(true);
    expect(allowsFreeTyping(own.host)).toBe(false);
  });

  it('asks before leaving with a registry but no image or tag', () => {
    expect(leavingNeedsConfirm({ mode: 'select', text: '' }, undefined)).toBe(false);
    expect(
      leavingNeedsConfirm({ ...chooseRegistry({ mode: 'select', text: '' }, own) }, undefined),
    ).toBe(true);
    expect(leavingNeedsConfirm({ mode: 'input', text: 'half' }, undefined)).toBe(true);
    expect(leavingNeedsConfirm({ mode: 'input', text: 'a.io/b:1' }, 'a.io/b:1')).toBe(false);
  });
});
