import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { initialJsBudget } from './build/initialJsBudget.ts';
import { inlineEntryCss } from './build/inlineEntryCss.ts';
import { messageChunkName, messagePreloads } from './build/messagePreloads.ts';
import { ownInstances } from './build/ownInstances.ts';

const consoleRoot = fileURLToPath(new URL('.', import.meta.url));

// Long-lived libraries get their own chunks so an application release does not invalidate them.
// React goes first: a group also takes its dependencies, and antd depends on React.
// antd is split by the routes that use it (entriesAware), so components only a lazy page needs
// stay out of the initial load. Locale modules (antd's es/locale/, dayjs's locale/) stay out of the
// groups: they load per language.
const vendorGroups = [
  // A language's messages in one chunk, fetched beside the entry (build/messagePreloads.ts):
  // one request, not six, on a connection limit of six.
  { name: messageChunkName, priority: 4 },
  {
    name: 'vendor-react',
    // Not the own instances of the API docs renderer (build/ownInstances.ts).
    test: /node_modules[\\/](react|react-dom|scheduler)[\\/](?!.*\?own-instance$)/,
    priority: 3,
  },
  // Apart from React: the sign-in screen calls the operator without the store
  // (pages/login/signInCalls.ts), so the first screen's scripts hold no Redux or RTK Query.
  {
    name: 'vendor-redux',
    test: /node_modules[\\/](react-redux|@reduxjs|redux|immer|reselect|use-sync-external-store)[\\/](?!.*\?own-instance$)/,
    // After React's group, which would otherwise come with it.
    priority: 2.9,
  },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 3 },
  // Apart from React: the sign-in screen is drawn without the router (src/app/bootstrap.tsx).
  {
    name: 'vendor-router',
    test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 3,
  },
  // The antd components most screens need (app shell, forms) in one chunk: split per route they
  // cost ~15 KiB more gzip in chunk overhead. The sign-in screen needs none of them.
  {
    name: 'vendor-antd-core',
    test: /node_modules[\\/]antd[\\/]es[\\/](app|config-provider|spin|button|card|tabs|typography|form|input|select|grid|message|notification|modal)[\\/]/,
    priority: 2.5,
  },
  {
    name: 'vendor-antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs|@babel[\\/]runtime|stylis|@emotion)[\\/](?!(.*[\\/])?locale[\\/])/,
    priority: 2,
    entriesAware: true,
    // Larger merges put other routes' antd code into the first screen's chunks.
    entriesAwareMergeThreshold: 5 * 1024,
  },
];

export default defineConfig({
  root: consoleRoot,
  // The API contract workspace (@nimbus/api) is read from its TypeScript sources.
  resolve: { conditions: ['nimbus-source', ...defaultClientConditions] },
  // Tests in the node environment resolve like a server.
  ssr: { resolve: { conditions: ['nimbus-source', ...defaultServerConditions] } },
  plugins: [
    react(),
    ownInstances({ importer: 'swagger-ui-react', packages: ['react-redux', 'redux', 'reselect'] }),
    messagePreloads(),
    inlineEntryCss(),
    // The sign-in screen is part of the entry (src/app/bootstrap.tsx); it must paint without
    // antd, whose start-up was most of the time to first paint (docs/performance.md).
    initialJsBudget({
      budgetKiB: 350,
      forbiddenModules: [
        /node_modules\/(antd|@ant-design\/cssinjs|@reduxjs\/toolkit|redux|react-redux)\//,
        /src\/app\/consoleApp/,
      ],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd's chunk and the API docs renderer (Swagger UI, loaded only by /swagger) are large by
    // nature; the initial-route budget above is the real limit.
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080' } },
  },
  preview: { host: '127.0.0.1' },
});
