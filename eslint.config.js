// One lint configuration for the whole repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { operatorLayers } from './hack/eslint/operator-layers.js';

/**
 * operator/src from the bottom up (docs/decisions/operator-layering.md): a folder, or a file
 * directly in src, imports its own layer and those below it only.
 */
const operatorLayerTable = [
  ['core', 'paths.ts', 'logger.ts', 'node-version.ts'],
  ['outbound'],
  ['observability'],
  // The shared PostgreSQL store's pool and schema migrations; the tables are their domains'.
  ['postgres'],
  ['member'],
  ['crds'],
  ['hub'],
  ['controllers', 'config.ts'],
  // The domains, bottom up: who a caller is, what they may do, the IAM objects, the clusters,
  // the index of their objects, their monitors; then the features that use them (registries
  // use the member calls of k8s/; the app store installs with registry pull secrets).
  ['identity', 'credentials'],
  ['access'],
  ['iam'],
  ['clusters'],
  ['index'],
  ['monitoring'],
  ['audit', 'cost', 'dashboards', 'favourites', 'k8s', 'sso'],
  ['registries'],
  ['alarms', 'appstore'],
  ['http'],
  // The composition root (main.ts, and compose.ts, which wires the routes' services),
  // start.ts, which checks the Node version and then loads main.ts, and the audit copy tool.
  ['main.ts', 'compose.ts', 'start.ts', 'audit-copy.ts'],
];

/** The start of an API path written by hand: `/<service>.<host>/…` or the OpenAPI document. */
const apiPathStart =
  '/^\\x2F(?:auth|iam|crd|k8s|manage|monitor|alarm|appstore|audit|cost|system)\\.|^\\x2Fopenapi\\.json/';

/** No API path is written in the console: endpointUrl(id, params) builds it from the contract. */
const consoleApiPathRules = [
  {
    selector: "CallExpression[callee.name='servicePath']",
    message: 'Build API paths with endpointUrl(id, params): the contract declares them.',
  },
  {
    selector: `Literal[value=${apiPathStart}]`,
    message: 'Build API paths with endpointUrl(id, params): the contract declares them.',
  },
  {
    selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${apiPathStart}]`,
    message: 'Build API paths with endpointUrl(id, params): the contract declares them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.cache/**',
      'hack/testbed/modules/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },

  // Layering (docs/decisions/operator-layering.md): the contract below everything, the HTTP edge on top.
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'express',
                'react',
                'react-dom',
                'antd',
                '@kubernetes/*',
                '**/operator/**',
                '**/console/**',
              ],
              message: 'api/ is the shared contract: schemas and pure helpers only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '../*'],
              message:
                'The console imports @nimbus/api/shared at run time: no schemas, nothing else of api/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['console/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nimbus/api',
              allowTypeImports: true,
              message:
                'Import contract types only (zod stays out of the bundle); run-time helpers come from @nimbus/api/shared.',
            },
          ],
          patterns: [
            {
              group: ['**/operator/**', '**/api/src/**'],
              message: 'The console reaches the operator through the contract (@nimbus/api) only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every API path comes from the contract, by endpoint id (console/src/apiClient/endpointUrl.ts).
    files: ['console/src/**/*.{ts,tsx}'],
    ignores: [
      'console/src/**/*.test.{ts,tsx}',
      'console/src/config/productHost.ts',
      'console/src/apiClient/endpointUrl.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...consoleApiPathRules],
    },
  },
  {
    // Every call's method and URL come from the contract too: endpointRequest(id, params, body)
    // or endpointQuery(id, params, query). This replaces the rule list above for these files,
    // so it repeats the path rules.
    files: ['console/src/api/**/*.ts', 'console/src/apiClient/**/*.ts'],
    // endpointUrl.ts reads the method from the contract; envelopeTransport.ts hands it to fetch.
    ignores: [
      'console/src/**/*.test.ts',
      'console/src/apiClient/endpointUrl.ts',
      'console/src/apiClient/envelopeTransport.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...consoleApiPathRules,
        {
          selector: "Property[key.name='method']",
          message:
            "Call endpointRequest(id, params, body): the contract declares each call's method.",
        },
        {
          selector: "Property[key.name='query'] Property[key.name=/^(url|params)$/]",
          message:
            'Call endpointRequest(id, params, body, query) or endpointQuery(id, params, query): the contract declares the URL and types the query.',
        },
        {
          selector: "CallExpression[callee.name='endpointUrl']",
          message:
            'An RTK endpoint asks for endpointRequest(id, params, body) or endpointQuery(id, params, query), not a bare URL.',
        },
      ],
    },
  },
  {
    files: ['operator/src/**/*.ts'],
    ignores: [
      'operator/src/http/**',
      'operator/src/main.ts',
      'operator/src/compose.ts',
      'operator/src/testing/**',
      'operator/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'express',
              message:
                'Only the HTTP edge (operator/src/http/) knows Express: domain code takes an Identity and plain values.',
            },
          ],
          patterns: [
            {
              group: ['**/http/routes/**', '**/http/contract/**'],
              message:
                'Domain code does not depend on routes or the contract registration; the HTTP edge calls it.',
            },
            {
              group: ['**/hub/store.js'],
              importNames: ['createHubStore'],
              message: 'The hub store is built once, in main.ts, and handed to the services.',
            },
          ],
        },
      ],
    },
  },
  {
    // One client for the addresses users name (outbound/request.ts): SSRF check, pinned dial,
    // bounded answer. Member API servers go through member/transport/; http/ serves; the Helm
    // relay is a loopback server for the helm binary (docs/decisions/outbound-http.md).
    files: ['operator/src/**/*.ts'],
    ignores: [
      'operator/src/outbound/**',
      'operator/src/member/transport/**',
      'operator/src/http/**',
      'operator/src/appstore/helm-relay.ts',
      'operator/src/testing/**',
      'operator/src/**/testing/**',
      'operator/src/**/*.test.ts',
    ],
    // no-restricted-syntax, not no-restricted-imports: the layering block above sets that rule
    // for the same files, and a later block would replace its options.
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDefaultSpecifier',
          'ImportNamespaceSpecifier',
          "ImportSpecifier[importKind='value']",
        ].map((specifier) => ({
          selector: `ImportDeclaration[importKind='value'][source.value=/^(node:)?https?$|^undici$/] > ${specifier}`,
          message:
            'Call outboundRequest (operator/src/outbound/request.ts): it checks the URL against the SSRF policy, dials only the checked addresses and bounds the answer.',
        })),
      ],
    },
  },
  {
    files: ['operator/src/**/*.ts'],
    ignores: [
      'operator/src/testing/**',
      'operator/src/**/testing/**',
      'operator/src/**/*.test.ts',
      'operator/src/**/*.testbed.ts',
    ],
    plugins: { nimbus: { rules: { 'operator-layers': operatorLayers } } },
    rules: {
      'nimbus/operator-layers': [
        'error',
        {
          root: 'operator/src',
          layers: operatorLayerTable,
          // The chart-file generator is an entry point like main.ts: it reads the CRDs and the
          // agent's manifest.
          files: { 'crds/generate.ts': operatorLayerTable.length - 1 },
        },
      ],
    },
  },
);
