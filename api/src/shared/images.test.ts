import { describe, expect, it } from 'vitest';
import { isImageReference, splitImageReference } from './images.js';

describe('splitImageReference', () => {
  it('splits host, image and tag', () => {
    expect(splitImageReference('registry.example.com/team/app:1.2.3')).toEqual({
      host: 'registry.example.com',
      image: 'team/app',
      tag: '1.2.3',
    });
    expect(splitImageReference('127.0.0.1:5000/app:v1')).toEqual({
      host: '127.0.0.1:5000',
      image: 'app',
      tag: 'v1',
    });
    expect(splitImageReference('localhost/app:latest')?.host).toBe('localhost');
  });

  it('takes a digest in place of the tag', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    expect(splitImageReference(`docker.io/library/nginx@${digest}`)).toEqual({
      host: 'docker.io',
      image: 'library/nginx',
      digest,
    });
  });

  it('refuses what is not host/image:tag', () => {
    for (const bad of [
      'nginx:1.25',
      'library/nginx:1.25',
      'docker.io/nginx',
      'docker.io/Nginx:1',
      'docker.io/nginx:',
      'docker.io/nginx:1 ',
      'docker.io//nginx:1',
      `docker.io/nginx:${'x'.repeat(129)}`,
      '',
    ]) {
      expect(isImageReference(bad), bad).toBe(false);
    }
  });
});
