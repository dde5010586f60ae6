import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIconReader, maxIconBytes, sniffImage } from './chart-icon.js';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="8"/>';
let hits = 0;
const server = http.createServer((req, res) => {
  hits++;
  const bodies: Record<string, [string, Buffer | string]> = {
    '/icon.png': ['text/plain', png],
    '/icon.svg': ['image/svg+xml', svg],
    '/page.html': ['image/png', '<html><script>alert(1)</script></html>'],
    '/huge.png': ['image/png', Buffer.concat([png, Buffer.alloc(maxIconBytes)])],
  };
  const found = bodies[req.url ?? ''];
  res.writeHead(found ? 200 : 404, { 'content-type': found?.[0] ?? 'text/plain' });
  res.end(found?.[1] ?? 'not found');
});
let base = '';
let clock = 0;
const reader = () =>
  createIconReader({ policy: { allowHosts: [new URL(base).host] } }, () => clock);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe('chart icons', () => {
  it('answers an icon URL as a data: URL of the sniffed image type, not the claimed one', async () => {
    const read = reader();
    expect(await read(`${base}/icon.png`)).toBe(`data:image/png;base64,${png.toString('base64')}`);
    expect(await read(`${base}/icon.svg`)).toBe(
      `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    );
  });

  it('refuses what is not an image, too large, missing, or at a host the policy refuses', async () => {
    const read = reader();
    await expect(read(`${base}/page.html`)).rejects.toThrow(/not an image/);
    await expect(read(`${base}/huge.png`)).rejects.toThrow(/more than/);
    await expect(read(`${base}/missing.png`)).rejects.toThrow(/HTTP 404/);
    await expect(read('http://169.254.169.254/icon.png')).rejects.toThrow(/refused/);
    await expect(read('javascript:alert(1)')).rejects.toThrow(/chart icon/);
  });

  it('passes image data: URLs as they are and refuses other data: URLs', async () => {
    const read = reader();
    const icon = `data:image/png;base64,${png.toString('base64')}`;
    expect(await read(icon)).toBe(icon);
    await expect(read('data:text/html;base64,PHNjcmlwdD4=')).rejects.toThrow(/data: URL/);
  });

  it('reads each URL once per ten minutes', async () => {
    const read = reader();
    clock = 0;
    const before = hits;
    await read(`${base}/icon.png`);
    await read(`${base}/icon.png`);
    expect(hits - before).toBe(1);
    clock = 10 * 60_000 + 1;
    await read(`${base}/icon.png`);
    expect(hits - before).toBe(2);
  });

  it('knows image signatures', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(Buffer.from('<svg><script/></svg>'))).toBe('image/svg+xml');
    expect(sniffImage(Buffer.from('<html><svg/></html>'))).toBeUndefined();
  });
});
