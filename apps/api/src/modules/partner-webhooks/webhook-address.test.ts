import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertReachable, refusedAddress } from './webhook-address.ts';
import { createWebhookClient } from './webhook-client.ts';

describe('refusedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '224.0.0.1',
  ])('when the address is %s then it is refused', (address) => {
    expect(refusedAddress(address)).toMatch(/is a \w+ address/);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])(
    'when the address is public unicast (%s) then it is allowed',
    (address) => {
      expect(refusedAddress(address)).toBeNull();
    },
  );
});

describe('assertReachable', () => {
  it('when a literal IP or a name resolves to loopback or private then it is refused without the sandbox', async () => {
    await expect(assertReachable('http://127.0.0.1:8080/hook', false)).rejects.toThrow(/must be public/);
    await expect(assertReachable('http://[::1]/hook', false)).rejects.toThrow(/must be public/);
    await expect(assertReachable('http://169.254.169.254/latest/meta-data', false)).rejects.toThrow(
      /must be public/,
    );
    await expect(assertReachable('http://localhost:9/hook', false)).rejects.toThrow(/must be public/);
  });

  it('when the sandbox is on then loopback is allowed', async () => {
    await expect(assertReachable('http://127.0.0.1:8080/hook', true)).resolves.toBeUndefined();
    await expect(assertReachable('http://localhost:8080/hook', true)).resolves.toBeUndefined();
  });

  it('when the host does not resolve then it is a 400 naming it', async () => {
    await expect(assertReachable('https://no-such-host.invalid/hook', false)).rejects.toThrow(
      /no-such-host.invalid does not resolve/,
    );
  });
});

describe('the delivery client', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      hits += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('when a name resolves to loopback at delivery time then the socket is never opened (DNS rebinding)', async () => {
    const client = createWebhookClient({ allowPrivate: false, timeoutMs: 1000 });
    const before = hits;
    const answer = await client.post(`http://localhost:${port}/hook`, { body: '{}', headers: {} });
    expect(answer.status).toBeNull();
    expect(answer.error).toMatch(/must be public|refused/);
    expect(hits).toBe(before);
    await client.close();
  });

  it('when the sandbox is on then the local receiver is reached', async () => {
    const client = createWebhookClient({ allowPrivate: true, timeoutMs: 1000 });
    const answer = await client.post(`http://localhost:${port}/hook`, { body: '{}', headers: {} });
    expect(answer).toMatchObject({ status: 200, text: 'ok', error: null });
    await client.close();
  });
});
