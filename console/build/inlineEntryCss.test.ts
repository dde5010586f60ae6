// @vitest-environment node
import type { Rolldown } from 'vite';
import { expect, it } from 'vitest';
import { inlineStylesheets } from './inlineEntryCss.ts';

const asset = (fileName: string, source: string | Uint8Array) =>
  ({ type: 'asset', fileName, source }) as unknown as Rolldown.OutputAsset;

it('puts each stylesheet of the bundle into the page, and leaves other links', () => {
  const bundle = {
    'assets/index-1.css': asset('assets/index-1.css', '.a{color:red}'),
    'assets/other-2.css': asset('assets/other-2.css', new TextEncoder().encode('.b{margin:0}')),
  } as unknown as Rolldown.OutputBundle;
  const html = [
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '<link rel="stylesheet" href="/assets/other-2.css">',
    '<link rel="stylesheet" href="/assets/gone-3.css">',
    '<link rel="modulepreload" crossorigin href="/assets/index-1.js">',
  ].join('\n');

  expect(inlineStylesheets(html, bundle).split('\n')).toEqual([
    '<style>.a{color:red}</style>',
    '<style>.b{margin:0}</style>',
    '<link rel="stylesheet" href="/assets/gone-3.css">',
    '<link rel="modulepreload" crossorigin href="/assets/index-1.js">',
  ]);
});

it('cannot be closed early by the sheet', () => {
  const bundle = {
    'a.css': asset('a.css', '.x::after{content:"</style><script>"}.y::after{content:"</STYLE>"}'),
  } as unknown as Rolldown.OutputBundle;
  expect(inlineStylesheets('<link rel="stylesheet" href="/a.css">', bundle)).toBe(
    '<style>.x::after{content:"<\\/style><script>"}.y::after{content:"<\\/style>"}</style>',
  );
});
