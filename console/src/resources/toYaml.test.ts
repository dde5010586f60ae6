import { expect, it } from 'vitest';
import { toYaml } from './toYaml';

it('renders nested maps and lists with two-space indentation', () => {
  const object = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-1', labels: { app: 'web' } },
    spec: {
      containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }],
      tolerations: [],
    },
  };
  expect(toYaml(object)).toBe(
    [
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: web-1',
      '  labels:',
      '    app: web',
      'spec:',
      '  containers:',
      '    - name: web',
      '      image: "nginx:1.27"',
      '      ports:',
      '        - containerPort: 80',
      '  tolerations: []',
      '',
    ].join('\n'),
  );
});

it('quotes strings YAML would read differently and keeps multi-line text as a block', () => {
  expect(toYaml({ a: 'true', b: '8080', c: '', d: 'line one\nline two\n', e: null })).toBe(
    ['a: "true"', 'b: "8080"', 'c: ""', 'd: |', '  line one', '  line two', 'e: null', ''].join(
      '\n',
    ),
  );
});
