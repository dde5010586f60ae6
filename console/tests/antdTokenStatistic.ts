import { createRequire } from 'node:module';

/**
 * antd's CSS-in-JS, outside production, records which design tokens each component's styles
 * read: a Proxy over the token and a getter for every merged token, on every style it generates
 * (and the tests generate them again for every render, since a style leaves with the last
 * component that used it). That was 9 s of the tier's CPU in a profile (docs/testing.md, "The
 * console unit tier: React's owner stacks"). The tests read no such record, and the console's
 * production bundle has none. The switch is read once, when `@ant-design/cssinjs-utils` loads
 * its statistic module, so that module is loaded here first, as antd will require it, with
 * NODE_ENV=production for that one load; React and antd still load in development.
 * `antdTokenStatistic.test.tsx` fails when the record is on again.
 */
export function stopTokenStatistic(): void {
  const antd = createRequire(import.meta.url).resolve('antd');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    createRequire(antd)(statisticModule);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** The module `@ant-design/cssinjs-utils` (CommonJS, as antd's Node entry loads it) reads it in. */
export const statisticModule = '@ant-design/cssinjs-utils/lib/util/statistic';
