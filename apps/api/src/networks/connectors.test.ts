import { generateKeyPairSync } from 'node:crypto';
import type { TMessageContent } from '@portico/domain';
import { type SandboxBehaviourInput, sandboxPlugin } from '@portico/sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from './errors.ts';
import { publicServiceAccount, type ServiceAccountKey } from './google-auth.ts';
import { createMaapConnector } from './maap.ts';
import { createNetworkMetrics } from './metrics.ts';
import { createRbmConnector } from './rbm.ts';
import { createSmsGateway, type SmsGateway } from './sms.ts';
import type { NetworkConnector } from './types.ts';
import { createWhatsAppConnector } from './whatsapp.ts';

/**
 * Contract tests: each connector against the sandbox over real HTTP on loopback (no API, no
 * database), with the sandbox's receipts off unless a test turns them on. RBM authenticates as in
 * production: a service account's assertion exchanged at the sandbox's token endpoint.
 */

const TOKEN = 'contract-token';
const serviceAccount = (email: string): ServiceAccountKey => ({
  type: 'service_account',
  client_email: email,
  private_key: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
});
const RBM_ACCOUNT = serviceAccount('contract@portico-test.iam.gserviceaccount.com');
let sandbox: FastifyInstance;
let base: string;
const metrics = createNetworkMetrics(Fastify({ logger: false }).log);
let rbm: NetworkConnector;
let maap: NetworkConnector;
let whatsapp: NetworkConnector;
let sms: SmsGateway;
const SMS_ACCOUNT = 'ACcontract0000000000000000000000';
const smsOptions = (overrides: Partial<{ accountSid: string; authToken: string; from: string }> = {}) => ({
  baseUrl: `${base}/sms`,
  accountSid: SMS_ACCOUNT,
  authToken: TOKEN,
  from: '+15005550006',
  timeoutMs: 2000,
  maxAttempts: 3,
  backoffBaseMs: 5,
  metrics,
  ...overrides,
});

interface HandsetItem {
  id: string;
  status?: string;
  text?: string;
  carousel?: boolean;
  cards?: Array<{ title?: string }>;
  file?: { url: string; name: string; mediaType: string; mimeType?: string };
  suggestions: Array<{ type: string; text: string }>;
}

type FileContent = Extract<TMessageContent, { kind: 'file' }>;

const QUIET: SandboxBehaviourInput = { receipts: false, agentReviewDelayMs: 20, templateReviewDelayMs: 20 };
const configure = (behaviour: SandboxBehaviourInput) =>
  fetch(`${base}/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...QUIET, ...behaviour }),
  });
const handset = async (msisdn: string) => {
  const response = await fetch(`${base}/api/handsets/${encodeURIComponent(msisdn)}`);
  return (await response.json()) as {
    items: HandsetItem[];
    invites: Array<{ agentId: string; inviteStatus: string }>;
  };
};
const connectorOptions = (
  url: string,
  overrides: Partial<{ token: string; maxAttempts: number; timeoutMs: number }> = {},
) => ({
  baseUrl: url,
  token: TOKEN,
  timeoutMs: 2000,
  maxAttempts: 3,
  backoffBaseMs: 5,
  metrics,
  ...overrides,
});
/** The RBM connector's options: the messaging and management bases, and the service account. */
const rbmOptions = (
  url: string,
  overrides: Partial<{ key: ServiceAccountKey; maxAttempts: number; timeoutMs: number }> = {},
) => {
  const { key = RBM_ACCOUNT, ...rest } = overrides;
  const { token: _unused, ...options } = connectorOptions(url, rest);
  return {
    ...options,
    managementUrl: `${base}/businesscommunications`,
    credentials: { kind: 'service_account' as const, key, tokenUrl: `${base}/oauth2/token` },
  };
};
const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 3000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
async function failure(promise: Promise<unknown>): Promise<NetworkError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(NetworkError);
    return error as NetworkError;
  }
  throw new Error('expected a NetworkError');
}

beforeAll(async () => {
  sandbox = Fastify({ logger: false });
  await sandbox.register(sandboxPlugin, {
    prefix: '/sandbox',
    credentials: { maap: TOKEN, whatsapp: TOKEN, sms: TOKEN },
    googleServiceAccounts: [publicServiceAccount(RBM_ACCOUNT)],
    behaviour: QUIET,
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sandbox`;
  rbm = createRbmConnector(rbmOptions(`${base}/rbm`));
  maap = createMaapConnector(connectorOptions(`${base}/maap`));
  whatsapp = createWhatsAppConnector({
    ...connectorOptions(`${base}/whatsapp/v21.0`),
    appId: '300000000000001',
  });
  sms = createSmsGateway(smsOptions());
});
afterAll(() => sandbox.close());
beforeEach(() => configure({}));

const suggestions = [
  { type: 'reply', text: 'Yes', postbackData: 'yes' },
  { type: 'dial', text: 'Call us', postbackData: 'dial', phoneNumber: '+14155550100' },
  { type: 'open_url', text: 'Website', postbackData: 'url', url: 'https://example.com/' },
  {
    type: 'view_location',
    text: 'Find us',
    postbackData: 'map',
    latitude: 12.97,
    longitude: 77.59,
    label: 'Office',
  },
  {
    type: 'calendar',
    text: 'Save the date',
    postbackData: 'cal',
    title: 'Launch',
    startTime: '2026-12-01T10:00:00Z',
    endTime: '2026-12-01T11:00:00Z',
  },
] as const;
const card = (title: string) => ({
  title,
  description: `${title} description`,
  media: { fileUrl: 'https://example.com/card.png', height: 'MEDIUM' as const },
  suggestions: [{ type: 'reply' as const, text: `Pick ${title}`, postbackData: `pick-${title}` }],
});

describe('RBM connector against the sandbox', () => {
  it('when a rich card with every suggestion type is sent then the handset shows it as sent', async () => {
    const msisdn = '+919800000011';
    const result = await rbm.send({
      messageId: 'msg-card-1',
      sender: 'agent-a',
      recipient: msisdn,
      content: { kind: 'rich_card', card: card('Offer'), suggestions: [...suggestions] },
    });
    expect(result.networkMessageId).toBe('msg-card-1');
    const [item] = (await handset(msisdn)).items;
    expect(item).toMatchObject({ id: 'msg-card-1', network: 'rbm', sender: 'agent-a', carousel: false });
    expect(item?.cards).toEqual([
      {
        title: 'Offer',
        description: 'Offer description',
        mediaUrl: 'https://example.com/card.png',
        mediaHeight: 'MEDIUM',
        suggestions: [{ type: 'reply', text: 'Pick Offer', postbackData: 'pick-Offer' }],
      },
    ]);
    expect(item?.suggestions.map((s) => s.type)).toEqual([
      'reply',
      'dial',
      'open_url',
      'view_location',
      'calendar',
    ]);
  });

  it('when the same messageId is sent twice then the network keeps one message', async () => {
    const msisdn = '+919800000012';
    const request = {
      messageId: 'msg-dup',
      sender: 'agent-a',
      recipient: msisdn,
      content: { kind: 'text' as const, text: 'Hi', suggestions: [] },
    };
    await rbm.send(request);
    await rbm.send(request);
    expect((await handset(msisdn)).items).toHaveLength(1);
  });

  it('when a carousel is sent then every card arrives in order', async () => {
    const msisdn = '+919800000013';
    await rbm.send({
      messageId: 'msg-carousel',
      sender: 'agent-a',
      recipient: msisdn,
      content: {
        kind: 'carousel',
        cardWidth: 'MEDIUM',
        cards: [card('One'), card('Two'), card('Three')],
        suggestions: [],
      },
    });
    const [item] = (await handset(msisdn)).items;
    expect(item?.carousel).toBe(true);
    expect(item?.cards?.map((c) => c.title)).toEqual(['One', 'Two', 'Three']);
  });

  it('when the number is not RCS-capable then capability says so and a send is a not_capable error', async () => {
    expect(await rbm.capability('agent-a', '+919800000011')).toMatchObject({
      capable: true,
      features: expect.arrayContaining(['RICHCARD_CAROUSEL']),
    });
    expect(await rbm.capability('agent-a', '+919800000010')).toEqual({ capable: false, features: [] });
    const error = await failure(
      rbm.send({
        messageId: 'm-nc',
        sender: 'agent-a',
        recipient: '+919800000010',
        content: { kind: 'text', text: 'x', suggestions: [] },
      }),
    );
    expect(error.kind).toBe('not_capable');
    expect(error.httpStatus).toBe(422);
  });

  it('when a tester is invited then the invite is PENDING until the person accepts it on the handset', async () => {
    const msisdn = '+919800000021';
    expect(await rbm.inviteTester('agent-t', msisdn)).toBe('PENDING');
    expect(await rbm.testerStatus('agent-t', msisdn)).toBe('PENDING');
    const { invites } = await handset(msisdn);
    expect(invites).toMatchObject([{ agentId: 'agent-t', inviteStatus: 'PENDING' }]);
    await fetch(`${base}/api/handsets/${encodeURIComponent(msisdn)}/invites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: 'agent-t', accept: true }),
    });
    expect(await rbm.testerStatus('agent-t', msisdn)).toBe('ACCEPTED');
  });

  it('when an agent is registered then verification and launch go PENDING -> VERIFIED -> LAUNCHED, and before launch only testers receive', async () => {
    const { agent, brand } = await rbm.registerAgent({
      brandDisplayName: 'Acme',
      agentDisplayName: 'Acme Bot',
      rcsBusinessMessagingAgent: { description: 'Acme support', hostingRegion: 'ASIA_PACIFIC' },
    });
    expect(brand).toMatch(/^brands\//);
    expect(agent).toMatch(/^brands\/[^/]+\/agents\/[^/]+$/);
    const agentId = agent.split('/').pop() ?? '';

    const blocked = await failure(
      rbm.send({
        messageId: 'm-unlaunched',
        sender: agentId,
        recipient: '+919800000031',
        content: { kind: 'text', text: 'x', suggestions: [] },
      }),
    );
    expect(blocked.kind).toBe('not_launched');

    const early = await failure(rbm.requestLaunch(agent, ['/v1/regions/jio-in']));
    expect(early.kind).toBe('invalid_content');
    expect(
      await rbm.requestVerification(agent, {
        partnerName: 'Portico',
        partnerEmailAddress: 'partner@portico.test',
        brandContactName: 'Asha',
        brandContactEmailAddress: 'asha@acme.test',
        brandWebsiteUrl: 'https://acme.test/',
      }),
    ).toBe('VERIFICATION_STATE_PENDING');
    expect(
      await until(
        () => rbm.verificationState(agent),
        (s) => s === 'VERIFICATION_STATE_VERIFIED',
      ),
    ).toBe('VERIFICATION_STATE_VERIFIED');
    expect(await rbm.requestLaunch(agent, ['/v1/regions/jio-in'])).toBe('LAUNCH_STATE_PENDING');
    expect(
      await until(
        () => rbm.launchState(agent),
        (s) => s === 'LAUNCH_STATE_LAUNCHED',
      ),
    ).toBe('LAUNCH_STATE_LAUNCHED');
    await rbm.send({
      messageId: 'm-launched',
      sender: agentId,
      recipient: '+919800000031',
      content: { kind: 'text', text: 'x', suggestions: [] },
    });
  });

  it('when an agent launches on a second carrier then the first stays launched; a rejected carrier carries the network reason; a repeat asks nothing', async () => {
    const { agent } = await rbm.registerAgent({
      brandDisplayName: 'Two Carriers',
      agentDisplayName: 'Two Carriers Bot',
      rcsBusinessMessagingAgent: { description: 'Two carriers', hostingRegion: 'ASIA_PACIFIC' },
    });
    await rbm.requestVerification(agent, {
      partnerName: 'Portico',
      partnerEmailAddress: 'partner@portico.test',
      brandContactName: 'Asha',
      brandContactEmailAddress: 'asha@acme.test',
      brandWebsiteUrl: 'https://acme.test/',
    });
    await until(
      () => rbm.verificationState(agent),
      (s) => s === 'VERIFICATION_STATE_VERIFIED',
    );
    const jio = '/v1/regions/jio-in';
    const airtel = '/v1/regions/airtel-in';
    expect(await rbm.requestLaunch(agent, [jio])).toBe('LAUNCH_STATE_PENDING');
    const launched = await until(
      () => rbm.launchDetail(agent, jio),
      (d) => d.state === 'LAUNCH_STATE_LAUNCHED',
    );
    expect(launched).toEqual({ state: 'LAUNCH_STATE_LAUNCHED', reason: null });

    // The second carrier turns the launch down; the first keeps its launch.
    await configure({ launchRejectionRatio: 1 });
    expect(await rbm.requestLaunch(agent, [airtel])).toBe('LAUNCH_STATE_PENDING');
    const rejected = await until(
      () => rbm.launchDetail(agent, airtel),
      (d) => d.state !== 'LAUNCH_STATE_PENDING',
    );
    expect(rejected.state).toBe('LAUNCH_STATE_REJECTED');
    expect(rejected.reason).toMatch(/declined/);
    expect((await rbm.launchDetail(agent, jio)).state).toBe('LAUNCH_STATE_LAUNCHED');
    expect(await rbm.launchState(agent)).toBe('LAUNCH_STATE_LAUNCHED');

    // A retried launch of a region already launched sends no new request and answers its state.
    const rbmRequests = () => metrics.snapshot().find((m) => m.network === 'rbm')?.requests ?? 0;
    const before = rbmRequests();
    expect(await rbm.requestLaunch(agent, [jio])).toBe('LAUNCH_STATE_LAUNCHED');
    expect(rbmRequests() - before).toBe(1); // getLaunch only, no second requestLaunch
    expect((await rbm.launchDetail(agent, '/v1/regions/unknown')).state).toBe('LAUNCH_STATE_UNLAUNCHED');
  });

  it('when a file is uploaded then the network names it and serves it back', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const name = await rbm.uploadFile('agent-a', { bytes, contentType: 'image/png' });
    expect(name).toMatch(/^files\/[0-9a-f]+$/);
    const served = await fetch(`${base}/rbm/${name}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect(await rbm.uploadFile('agent-a', { fileUrl: 'https://example.com/a.png' })).toMatch(/^files\//);
  });

  it('when a file goes by URL with a thumbnail, or as bytes with one (multipart), then each is named; a type RBM does not take is refused', async () => {
    const byUrl = await rbm.uploadFile('agent-a', {
      fileUrl: 'https://example.com/a.png',
      thumbnailUrl: 'https://example.com/a-thumb.png',
    });
    expect(byUrl).toMatch(/^files\//);
    // A file created by URL is fetched from there.
    const redirect = await fetch(`${base}/rbm/${byUrl}`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe('https://example.com/a.png');
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2]);
    const name = await rbm.uploadFile('agent-a', {
      bytes,
      contentType: 'application/pdf',
      thumbnailUrl: 'https://example.com/doc-thumb.png',
    });
    const served = await fetch(`${base}/rbm/${name}`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    const refused = await failure(rbm.uploadFile('agent-a', { bytes, contentType: 'application/zip' }));
    expect(refused.kind).toBe('invalid_content');
  });

  it('when an uploaded file or a file URL is sent as the message then the handset shows the file', async () => {
    const name = await rbm.uploadFile('agent-f', {
      bytes: new Uint8Array([0x89, 0x50, 1]),
      contentType: 'image/png',
    });
    await rbm.send({
      messageId: 'file-message-1',
      sender: 'agent-f',
      recipient: '+919800000071',
      content: { kind: 'file', uploadedFile: name, suggestions: [] },
    });
    await rbm.send({
      messageId: 'file-message-2',
      sender: 'agent-f',
      recipient: '+919800000071',
      content: { kind: 'file', fileUrl: 'https://example.com/clip.mp4', suggestions: [] },
    });
    const { items } = await handset('+919800000071');
    const media = (id: string) =>
      (items.find((i) => i.id === id)?.cards as Array<{ mediaUrl?: string }> | undefined)?.[0]?.mediaUrl;
    expect(media('file-message-1')).toBe(`/sandbox/rbm/${name}`);
    expect(media('file-message-2')).toBe('https://example.com/clip.mp4');
  });

  it('when a message not yet delivered is revoked then the handset never shows it; unknown, revoked or delivered ones are not_found', async () => {
    const msisdn = '+919800000061';
    const send = (messageId: string) =>
      rbm.send({
        messageId,
        sender: 'agent-r',
        recipient: msisdn,
        content: { kind: 'text', text: 'OTP 1234', suggestions: [] },
      });
    await send('revoke-me');
    expect((await handset(msisdn)).items.map((i) => i.id)).toContain('revoke-me');
    await rbm.revoke('agent-r', msisdn, 'revoke-me');
    expect((await handset(msisdn)).items.map((i) => i.id)).not.toContain('revoke-me');
    expect((await failure(rbm.revoke('agent-r', msisdn, 'revoke-me'))).kind).toBe('not_found');
    expect((await failure(rbm.revoke('agent-r', msisdn, 'never-sent'))).kind).toBe('not_found');
    // Another agent's message, or the right one at another number: the network finds neither.
    await send('not-yours');
    expect((await failure(rbm.revoke('agent-other', msisdn, 'not-yours'))).kind).toBe('not_found');
    expect((await failure(rbm.revoke('agent-r', '+919800000062', 'not-yours'))).kind).toBe('not_found');

    // With receipts: revoked before delivery, it is never delivered; delivered, it cannot be revoked.
    await configure({ receipts: true, deliveryDelayMs: 150, readDelayMs: null });
    await send('revoked-in-time');
    await rbm.revoke('agent-r', msisdn, 'revoked-in-time');
    await send('too-late');
    const delivered = await until(
      () => handset(msisdn),
      ({ items }) =>
        items.some((i) => i.id === 'too-late' && (i as { status?: string }).status !== 'pending'),
    );
    expect(delivered.items.map((i) => i.id)).not.toContain('revoked-in-time');
    expect((await failure(rbm.revoke('agent-r', msisdn, 'too-late'))).kind).toBe('not_found');
  });

  it('when the agent sends READ for a user message then the handset shows it read; IS_TYPING is taken; a non-RCS user is not_found', async () => {
    const msisdn = '+919800000063';
    await rbm.send({
      messageId: 'ask',
      sender: 'agent-e',
      recipient: msisdn,
      content: { kind: 'text', text: 'How can we help?', suggestions: [] },
    });
    const replied = await fetch(`${base}/api/handsets/${encodeURIComponent(msisdn)}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'My parcel' }),
    });
    const { item } = (await replied.json()) as { item: { id: string } };
    const status = async () =>
      ((await handset(msisdn)).items.find((i) => i.id === item.id) as { status?: string } | undefined)
        ?.status;
    // A reused event id is ignored, as Google does: the first READ with it counts, not a later one.
    await rbm.sendEvent('agent-e', msisdn, { eventId: 'evt-typing', eventType: 'IS_TYPING' });
    await rbm.sendEvent('agent-e', msisdn, { eventId: 'evt-typing', eventType: 'READ', messageId: item.id });
    expect(await status()).toBe('delivered');
    await rbm.sendEvent('agent-e', msisdn, { eventId: 'evt-read', eventType: 'READ', messageId: item.id });
    expect(await status()).toBe('read');
    const notRcs = await failure(
      rbm.sendEvent('agent-e', '+919800000060', { eventId: 'e3', eventType: 'IS_TYPING' }),
    );
    expect(notRcs.kind).toBe('not_found');
  });

  it('when the service account is not one Google knows then the token exchange is refused: unauthorized, not retried', async () => {
    const stranger = createRbmConnector(
      rbmOptions(`${base}/rbm`, { key: serviceAccount('stranger@elsewhere.iam.gserviceaccount.com') }),
    );
    const before = metrics.snapshot().find((m) => m.network === 'rbm')?.retries ?? 0;
    const error = await failure(stranger.capability('agent-a', '+919800000011'));
    expect(error.kind).toBe('unauthorized');
    expect(error.detail).toMatchObject({ httpStatus: 400, code: 'invalid_grant' });
    expect(metrics.snapshot().find((m) => m.network === 'rbm')?.retries ?? 0).toBe(before);
  });

  it('when the network answers 503 then the send is retried with backoff and ends as network_down', async () => {
    await configure({ serverErrorRatio: 1 });
    const before = metrics.snapshot().find((m) => m.network === 'rbm');
    const error = await failure(
      rbm.send({
        messageId: 'm-503',
        sender: 'agent-a',
        recipient: '+919800000011',
        content: { kind: 'text', text: 'x', suggestions: [] },
      }),
    );
    expect(error.kind).toBe('network_down');
    expect(error.httpStatus).toBe(503);
    const after = metrics.snapshot().find((m) => m.network === 'rbm');
    expect((after?.retries ?? 0) - (before?.retries ?? 0)).toBe(2);
    expect((after?.failuresByKind.network_down ?? 0) - (before?.failuresByKind.network_down ?? 0)).toBe(3);
    expect(after?.errorRate).toBeGreaterThan(0);
  });

  it('when the per-agent rate is exceeded then the error is rate_limited', async () => {
    await configure({ rateLimits: { enabled: true, rbmPerSecond: 2 } });
    const once = createRbmConnector(rbmOptions(`${base}/rbm`, { maxAttempts: 1 }));
    const send = (n: number) =>
      once.send({
        messageId: `m-rl-${n}`,
        sender: 'agent-rl',
        recipient: '+919800000011',
        content: { kind: 'text', text: 'x', suggestions: [] },
      });
    await send(1);
    await send(2);
    expect((await failure(send(3))).kind).toBe('rate_limited');
  });

  it('when the network does not answer in time then the error is network_down', async () => {
    const silent = Fastify({ logger: false });
    silent.get('/v1/phones/:msisdn/capabilities', () => new Promise(() => undefined));
    await silent.listen({ port: 0, host: '127.0.0.1' });
    const address = silent.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const slow = createRbmConnector(
      rbmOptions(`http://127.0.0.1:${port}`, { timeoutMs: 150, maxAttempts: 2 }),
    );
    const error = await failure(slow.capability('agent-a', '+919800000011'));
    expect(error.kind).toBe('network_down');
    expect(error.message).toContain('no answer within 150 ms');
    silent.server.closeAllConnections();
    await silent.close();
  });

  it('when the network answers 429 with Retry-After then the retry waits for it (not only the backoff)', async () => {
    // Refuses every call until a second after the first, saying so in Retry-After: a retry after
    // the 5 ms backoff alone would be refused again, and with two attempts the call would fail.
    const limited = Fastify({ logger: false });
    let openAt = 0;
    let calls = 0;
    limited.get('/v1/phones/:msisdn/capabilities', async (_request, reply) => {
      calls += 1;
      if (openAt === 0) openAt = Date.now() + 1000;
      if (Date.now() < openAt)
        return reply
          .code(429)
          .header('retry-after', '1')
          .send({ error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } });
      return { features: ['RICHCARD_STANDALONE'] };
    });
    await limited.listen({ port: 0, host: '127.0.0.1' });
    const address = limited.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const patient = createRbmConnector(rbmOptions(`http://127.0.0.1:${port}`, { maxAttempts: 2 }));
    expect(await patient.capability('agent-a', '+919800000011')).toEqual({
      capable: true,
      features: ['RICHCARD_STANDALONE'],
    });
    expect(calls).toBe(2);
    await limited.close();
  });

  it('when content the network cannot carry is sent then invalid_content, before any call', async () => {
    const error = await failure(
      rbm.send({
        messageId: 'm-t',
        sender: 'agent-a',
        recipient: '+919800000011',
        content: { kind: 'template', templateName: 'x', language: 'en_US', parameters: [] },
      }),
    );
    expect(error.kind).toBe('invalid_content');
  });
});

describe('MaaP connector against the sandbox', () => {
  it('when a text with chips and a carousel are sent then the handset shows both (202 Accepted)', async () => {
    const msisdn = '+919800000041';
    expect(
      await maap.send({
        messageId: 'maap-1',
        sender: 'bot-m',
        recipient: msisdn,
        content: { kind: 'text', text: 'Hello', suggestions: [...suggestions] },
      }),
    ).toEqual({
      networkMessageId: 'maap-1',
    });
    await maap.send({
      messageId: 'maap-2',
      sender: 'bot-m',
      recipient: msisdn,
      content: { kind: 'carousel', cardWidth: 'SMALL', cards: [card('A'), card('B')], suggestions: [] },
    });
    const { items } = await handset(msisdn);
    expect(items.map((i) => i.id)).toEqual(['maap-1', 'maap-2']);
    expect(items[0]?.text).toBe('Hello');
    expect(items[0]?.suggestions?.length).toBe(5);
    expect(items[1]?.cards?.length).toBe(2);
  });

  it('when a file and an audio file are sent then MaaP takes a fileMessage and an audioMessage and the handset shows each by name', async () => {
    const msisdn = '+919800000045';
    await maap.send({
      messageId: 'maap-file-1',
      sender: 'bot-m',
      recipient: msisdn,
      content: {
        kind: 'file',
        fileUrl: 'https://cdn.example.com/media/c4f1.pdf',
        mimeType: 'application/pdf',
        fileSize: 48_213,
        fileName: 'spring-catalogue.pdf',
        thumbnailUrl: 'https://cdn.example.com/media/c4f1-thumb.jpg',
        suggestions: [{ type: 'reply', text: 'Order', postbackData: 'order' }],
      },
    });
    await maap.send({
      messageId: 'maap-file-2',
      sender: 'bot-m',
      recipient: msisdn,
      content: {
        kind: 'file',
        fileUrl: 'https://cdn.example.com/media/welcome.m4a',
        mimeType: 'audio/mp4',
        suggestions: [],
      },
    });
    const { items } = await handset(msisdn);
    expect(items.map((i) => [i.id, i.file])).toEqual([
      [
        'maap-file-1',
        {
          url: 'https://cdn.example.com/media/c4f1.pdf',
          name: 'spring-catalogue.pdf',
          mediaType: 'document',
          mimeType: 'application/pdf',
        },
      ],
      [
        'maap-file-2',
        {
          url: 'https://cdn.example.com/media/welcome.m4a',
          name: 'welcome.m4a',
          mediaType: 'audio',
          mimeType: 'audio/mp4',
        },
      ],
    ]);
    expect(items[0]?.suggestions.map((s) => s.text)).toEqual(['Order']);
  });

  it('when a file has no MIME type, is an uploaded RBM file or has a caption then invalid_content, before any call', async () => {
    const msisdn = '+919800000046';
    const send = (content: Partial<FileContent>) =>
      failure(
        maap.send({
          messageId: `maap-bad-${Math.random()}`,
          sender: 'bot-m',
          recipient: msisdn,
          content: { kind: 'file', suggestions: [], ...content },
        }),
      );
    const url = 'https://cdn.example.com/media/a.pdf';
    for (const content of [
      { fileUrl: url },
      { uploadedFile: 'files/abc' },
      { fileUrl: url, mimeType: 'application/pdf', caption: 'Your catalogue' },
    ] satisfies Partial<FileContent>[])
      expect((await send(content)).kind).toBe('invalid_content');
    expect((await handset(msisdn)).items).toEqual([]);
  });

  it('when a share-location chip is sent then MaaP takes it as a location request and the handset shows it', async () => {
    const msisdn = '+919800000042';
    await maap.send({
      messageId: 'maap-share',
      sender: 'bot-m',
      recipient: msisdn,
      content: {
        kind: 'text',
        text: 'Where are you?',
        suggestions: [{ type: 'share_location', text: 'Share location', postbackData: 'share' }],
      },
    });
    expect((await handset(msisdn)).items[0]?.suggestions).toEqual([
      expect.objectContaining({ type: 'share_location', text: 'Share location', postbackData: 'share' }),
    ]);
  });

  it('when capability is asked in bulk then each contact is asked and the reachable ones come back in order', async () => {
    const contacts = Array.from({ length: 25 }, (_, i) => `+9198000001${String(i).padStart(2, '0')}`);
    const answer = await maap.reachableUsers('bot-m', contacts);
    expect(answer.reachableUsers).toEqual(contacts.filter((c) => !c.endsWith('0')));
    expect(answer.totalRandomSampleUserCount).toBe(0);
  });

  it('when a contact is not RCS-capable then capability is false and a send is not_capable', async () => {
    expect((await maap.capability('bot-m', '+919800000041')).capable).toBe(true);
    expect((await maap.capability('bot-m', '+919800000040')).capable).toBe(false);
    const error = await failure(
      maap.send({
        messageId: 'maap-nc',
        sender: 'bot-m',
        recipient: '+919800000040',
        content: { kind: 'text', text: 'x', suggestions: [] },
      }),
    );
    expect(error.kind).toBe('not_capable');
  });

  it('when a chatbot is launched then it is pending, then launched; a carrier rejection carries its reason; a repeat leaves it launched', async () => {
    const botId = await maap.registerBot({ requestId: 'launch-1', displayName: 'Launch Bot', profile: {} });
    expect((await maap.launchDetail(botId, 'any')).state).toBe('LAUNCH_STATE_UNLAUNCHED');
    expect(await maap.requestLaunch(botId, [])).toBe('LAUNCH_STATE_PENDING');
    expect(
      await until(
        () => maap.launchState(botId),
        (s) => s === 'LAUNCH_STATE_LAUNCHED',
      ),
    ).toBe('LAUNCH_STATE_LAUNCHED');
    await configure({ launchRejectionRatio: 1 });
    expect(await maap.requestLaunch(botId, [])).toBe('LAUNCH_STATE_LAUNCHED');

    const other = await maap.registerBot({ requestId: 'launch-2', displayName: 'Refused Bot', profile: {} });
    await maap.requestLaunch(other, []);
    const refused = await until(
      () => maap.launchDetail(other, ''),
      (d) => d.state !== 'LAUNCH_STATE_PENDING',
    );
    expect(refused).toEqual({
      state: 'LAUNCH_STATE_REJECTED',
      reason: 'The carrier declined the launch on its network.',
    });
    // MaaP answers 404 for a bot it does not know (its connector reads 404 as not_capable).
    expect((await failure(maap.launchDetail('bot_missing', ''))).detail.httpStatus).toBe(404);
  });

  it('when an undelivered message is revoked then it leaves the handset and no receipt follows; a delivered or unknown one is not_found', async () => {
    const msisdn = '+919800000043';
    const text = (messageId: string) =>
      maap.send({
        messageId,
        sender: 'bot-m',
        recipient: msisdn,
        content: { kind: 'text', text: messageId, suggestions: [] },
      });
    await text('maap-revoke-1');
    expect((await handset(msisdn)).items.map((i) => i.id)).toEqual(['maap-revoke-1']);
    await maap.revoke('bot-m', msisdn, 'maap-revoke-1');
    expect((await handset(msisdn)).items).toEqual([]);
    // Cancelling again answers as the first time (a retried PUT after a lost answer).
    await maap.revoke('bot-m', msisdn, 'maap-revoke-1');
    // Another chatbot cannot revoke it, nor anything MaaP does not know.
    await text('maap-revoke-2');
    expect((await failure(maap.revoke('bot-other', msisdn, 'maap-revoke-2'))).kind).toBe('not_found');
    expect((await failure(maap.revoke('bot-m', msisdn, 'maap-never-sent'))).kind).toBe('not_found');

    await configure({ receipts: true, deliveryDelayMs: 0, readDelayMs: null });
    await text('maap-revoke-3');
    const delivered = await until(
      () => handset(msisdn),
      (h) => h.items.some((i) => i.id === 'maap-revoke-3' && i.status === 'delivered'),
    );
    expect(delivered.items.find((i) => i.id === 'maap-revoke-3')?.status).toBe('delivered');
    const error = await failure(maap.revoke('bot-m', msisdn, 'maap-revoke-3'));
    expect(error.kind).toBe('not_found');
    expect(error.detail.httpStatus).toBe(404);
  });

  it("when the chatbot reads the user's message then it shows as read on the handset; typing reaches an RCS contact", async () => {
    const msisdn = '+919800000044';
    await maap.send({
      messageId: 'maap-read-1',
      sender: 'bot-m',
      recipient: msisdn,
      content: { kind: 'text', text: 'Ask me', suggestions: [] },
    });
    const replied = await fetch(`${base}/api/handsets/${encodeURIComponent(msisdn)}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hi bot' }),
    });
    const { item } = (await replied.json()) as { item: { id: string } };
    await maap.sendEvent('bot-m', msisdn, { eventId: 'e-1', eventType: 'READ', messageId: item.id });
    expect((await handset(msisdn)).items.find((i) => i.id === item.id)?.status).toBe('read');
    const unknown = maap.sendEvent('bot-m', msisdn, {
      eventId: 'e-2',
      eventType: 'READ',
      messageId: 'usr_x',
    });
    expect((await failure(unknown)).kind).toBe('not_found');

    await maap.sendEvent('bot-m', msisdn, { eventId: 'e-3', eventType: 'IS_TYPING' });
    const notRcs = maap.sendEvent('bot-m', '+919800000040', { eventId: 'e-4', eventType: 'IS_TYPING' });
    expect((await failure(notRcs)).kind).toBe('not_capable');
  });

  it('when asked for what MaaP does not offer then unsupported', async () => {
    expect((await failure(maap.inviteTester('bot-m', '+919800000041'))).kind).toBe('unsupported');
    expect(
      (
        await failure(
          maap.submitTemplate({
            wabaId: 'w',
            name: 'n',
            language: 'en',
            category: 'UTILITY',
            components: [],
          }),
        )
      ).kind,
    ).toBe('unsupported');
  });
});

describe('WhatsApp connector against the sandbox', () => {
  const WABA = 'waba-contract';

  it('when a text with reply buttons is sent then the answer carries a wamid and the handset shows the buttons', async () => {
    const msisdn = '+919800000051';
    const { networkMessageId } = await whatsapp.send({
      messageId: 'ignored',
      sender: 'pn-1',
      recipient: msisdn,
      content: {
        kind: 'text',
        text: 'Pick one',
        suggestions: [
          { type: 'reply', text: 'Yes', postbackData: 'y' },
          { type: 'reply', text: 'No', postbackData: 'n' },
        ],
      },
    });
    expect(networkMessageId).toMatch(/^wamid\./);
    const [item] = (await handset(msisdn)).items;
    expect(item).toMatchObject({ id: networkMessageId, text: 'Pick one' });
    expect(item?.suggestions.map((s) => s.text)).toEqual(['Yes', 'No']);
  });

  it('when files are sent then each goes as the media message of its type, and the handset shows it with its caption', async () => {
    const msisdn = '+919800000057';
    const send = (content: Partial<FileContent>) =>
      whatsapp.send({
        messageId: 'ignored',
        sender: 'pn-1',
        recipient: msisdn,
        content: { kind: 'file', suggestions: [], ...content },
      });
    await send({
      fileUrl: 'https://www.luckyshrub.com/assets/succulents/aloe.png',
      mediaType: 'image',
      caption: 'The best succulent ever?',
    });
    // No media type: the MIME type tells it (a document), and the document shows its file name.
    await send({
      fileUrl: 'https://www.luckyshrub.com/invoices/FmOzfD9cKf',
      mimeType: 'application/pdf',
      fileName: 'lucky-shrub-invoice.pdf',
      caption: 'Lucky Shrub Invoice',
    });
    await send({ fileUrl: 'https://www.luckyshrub.com/audio/welcome.mp3', mediaType: 'audio' });
    const { items } = await handset(msisdn);
    expect(items.map((i) => [i.text, i.file])).toEqual([
      [
        'The best succulent ever?',
        {
          url: 'https://www.luckyshrub.com/assets/succulents/aloe.png',
          name: 'aloe.png',
          mediaType: 'image',
          mimeType: 'image/png',
        },
      ],
      [
        'Lucky Shrub Invoice',
        {
          url: 'https://www.luckyshrub.com/invoices/FmOzfD9cKf',
          name: 'lucky-shrub-invoice.pdf',
          mediaType: 'document',
        },
      ],
      [
        undefined,
        {
          url: 'https://www.luckyshrub.com/audio/welcome.mp3',
          name: 'welcome.mp3',
          mediaType: 'audio',
          mimeType: 'audio/mpeg',
        },
      ],
    ]);
  });

  it("when a file breaks Meta's rules then invalid_content before any call; a link Meta cannot send is accepted and fails", async () => {
    const msisdn = '+919800000058';
    const send = (content: Partial<FileContent>) =>
      whatsapp.send({
        messageId: 'ignored',
        sender: 'pn-1',
        recipient: msisdn,
        content: { kind: 'file', suggestions: [], ...content },
      });
    const url = 'https://cdn.example.com/media/a.png';
    for (const content of [
      { uploadedFile: 'files/abc' },
      { fileUrl: url },
      { fileUrl: url, mimeType: 'image/gif' },
      { fileUrl: url, mediaType: 'audio', caption: 'Listen' },
      { fileUrl: url, mediaType: 'image', suggestions: [{ type: 'reply', text: 'Yes', postbackData: 'y' }] },
    ] satisfies Partial<FileContent>[])
      expect((await failure(send(content))).kind, JSON.stringify(content)).toBe('invalid_content');
    expect((await handset(msisdn)).items).toEqual([]);
    // Meta fetches the link after accepting the send; a GIF is no image it sends (131053 follows).
    const { networkMessageId } = await send({ fileUrl: 'https://cdn.example.com/a.gif', mediaType: 'image' });
    expect(networkMessageId).toMatch(/^wamid\./);
    expect((await handset(msisdn)).items).toEqual([]);
  });

  it("when the network is sent media by id, or a caption on audio, then Meta's (#100) Invalid parameter", async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${base}/whatsapp/v21.0/pn-1/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: '919800000064', ...body }),
      });
    for (const body of [
      { type: 'image', image: { id: '1013859600285441' } },
      { type: 'audio', audio: { link: 'https://cdn.example.com/a.mp3', caption: 'Listen' } },
      { type: 'image', image: { link: 'https://cdn.example.com/a.png', filename: 'a.png' } },
    ]) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(100);
    }
  });

  it('when a template is submitted then it is PENDING, then APPROVED, and a send fills its parameters', async () => {
    const created = await whatsapp.submitTemplate({
      wabaId: WABA,
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        {
          type: 'BODY',
          text: 'Hi {{1}}, order {{2}} is on its way.',
          example: { body_text: [['Asha', 'A-1']] },
        },
      ],
    });
    expect(created.status).toBe('PENDING');
    const approved = await until(
      () => whatsapp.listTemplates(WABA),
      (page) => page.items.some((t) => t.name === 'order_update' && t.status === 'APPROVED'),
    );
    expect(approved.items.find((t) => t.name === 'order_update')).toMatchObject({
      status: 'APPROVED',
      rejectedReason: null,
    });

    const msisdn = '+919800000052';
    await whatsapp.send({
      messageId: 'x',
      sender: 'pn-1',
      recipient: msisdn,
      content: {
        kind: 'template',
        templateName: 'order_update',
        language: 'en_US',
        parameters: ['Asha', 'A-1'],
      },
    });
    expect((await handset(msisdn)).items[0]?.text).toBe('Hi Asha, order A-1 is on its way.');
    // A media header's file goes as the header's parameter (a campaign's own image, say).
    await whatsapp.send({
      messageId: 'x-media',
      sender: 'pn-1',
      recipient: msisdn,
      content: {
        kind: 'template',
        templateName: 'order_update',
        language: 'en_US',
        parameters: ['Ravi', 'B-2'],
        headerMedia: { type: 'image', link: 'https://cdn.example.com/campaign.png' },
      },
    });
    expect((await handset(msisdn)).items[1]?.text).toBe('Hi Ravi, order B-2 is on its way.');

    const mismatch = await failure(
      whatsapp.send({
        messageId: 'x',
        sender: 'pn-1',
        recipient: msisdn,
        content: { kind: 'template', templateName: 'order_update', language: 'en_US', parameters: ['Asha'] },
      }),
    );
    expect(mismatch.kind).toBe('invalid_content');
    expect(mismatch.detail.code).toBe(132000);
  });

  it('when a template is deleted by name then Meta has it no more, and deleting it again is no error', async () => {
    await whatsapp.submitTemplate({
      wabaId: WABA,
      name: 'to_delete',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your code is ready.' }],
    });
    await whatsapp.deleteTemplate(WABA, 'to_delete');
    expect((await whatsapp.listTemplates(WABA)).items.some((t) => t.name === 'to_delete')).toBe(false);
    await expect(whatsapp.deleteTemplate(WABA, 'to_delete')).resolves.toBeUndefined();
  });

  it('when a template name asks for rejection then it is REJECTED with a reason; an unknown template cannot be sent', async () => {
    await whatsapp.submitTemplate({
      wabaId: WABA,
      name: 'promo_reject',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Buy now' }],
    });
    const page = await until(
      () => whatsapp.listTemplates(WABA),
      (p) => p.items.some((t) => t.name === 'promo_reject' && t.status === 'REJECTED'),
    );
    expect(page.items.find((t) => t.name === 'promo_reject')).toMatchObject({
      status: 'REJECTED',
      rejectedReason: 'INVALID_FORMAT',
    });
    const error = await failure(
      whatsapp.send({
        messageId: 'x',
        sender: 'pn-1',
        recipient: '+919800000053',
        content: { kind: 'template', templateName: 'promo_reject', language: 'en_US', parameters: [] },
      }),
    );
    expect(error.detail.code).toBe(132001);
  });

  it('when more than the per-number throughput is sent then 130429 becomes rate_limited, retried then given up', async () => {
    await configure({ rateLimits: { enabled: true, whatsappPerSecond: 1 } });
    const send = () =>
      whatsapp.send({
        messageId: 'x',
        sender: 'pn-rl',
        recipient: '+919800000054',
        content: { kind: 'text', text: 'x', suggestions: [] },
      });
    await send();
    const error = await failure(send());
    expect(error.kind).toBe('rate_limited');
    expect(error.detail.code).toBe(130429);
  });

  it('when the network answers 503 then a WhatsApp send is NOT retried (no idempotency key)', async () => {
    await configure({ serverErrorRatio: 1 });
    const before = metrics.snapshot().find((m) => m.network === 'whatsapp')?.retries ?? 0;
    const error = await failure(
      whatsapp.send({
        messageId: 'x',
        sender: 'pn-1',
        recipient: '+919800000055',
        content: { kind: 'text', text: 'x', suggestions: [] },
      }),
    );
    expect(error.kind).toBe('network_down');
    expect(metrics.snapshot().find((m) => m.network === 'whatsapp')?.retries ?? 0).toBe(before);
  });

  it('when a registered sender is launched then it is live (CONNECTED); a deregistered one is not, with the reason', async () => {
    const registration = {
      requestId: 'wa-launch-1',
      displayName: 'Launch Sender',
      wabaId: WABA,
      phoneNumber: '+14155550177',
      profile: { about: 'Launch' },
    };
    const id = await whatsapp.registerBot(registration);
    expect(await whatsapp.requestLaunch(id, ['carrier'])).toBe('LAUNCH_STATE_LAUNCHED');
    expect(await whatsapp.launchDetail(id, 'carrier')).toEqual({
      state: 'LAUNCH_STATE_LAUNCHED',
      reason: null,
    });
    await fetch(`${base}/whatsapp/v21.0/${id}/deregister`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const down = await whatsapp.launchDetail(id, 'carrier');
    expect(down.state).toBe('LAUNCH_STATE_REJECTED');
    expect(down.reason).toMatch(/not registered.*PENDING/);
  });

  it('when a rich card is sent then invalid_content; testers are unsupported', async () => {
    expect(
      (
        await failure(
          whatsapp.send({
            messageId: 'x',
            sender: 'pn-1',
            recipient: '+919800000056',
            content: { kind: 'rich_card', card: card('X'), suggestions: [] },
          }),
        )
      ).kind,
    ).toBe('invalid_content');
    expect((await failure(whatsapp.inviteTester('pn-1', '+919800000056'))).kind).toBe('unsupported');
  });
});

describe('SMS gateway against the sandbox (Twilio Messages API shape)', () => {
  it('when a text is sent then the handset shows it from the sender and the answer names an SM sid', async () => {
    const msisdn = '+919800000510';
    const { sid } = await sms.send({ to: msisdn, body: '123456 is your Portico code.' });
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    const { items } = await handset(msisdn);
    expect(items.at(-1)).toMatchObject({ id: sid, text: '123456 is your Portico code.' });
  });

  it('when the gateway answers with the resource then it has Twilio fields (201, queued, segments)', async () => {
    const response = await fetch(`${base}/sms/2010-04-01/Accounts/${SMS_ACCOUNT}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${SMS_ACCOUNT}:${TOKEN}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        To: '+14155550100',
        From: '+15005550006',
        Body: 'x'.repeat(161),
      }).toString(),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      account_sid: SMS_ACCOUNT,
      api_version: '2010-04-01',
      direction: 'outbound-api',
      status: 'queued',
      num_segments: '2',
      to: '+14155550100',
      from: '+15005550006',
    });
  });

  it('when the number is not E.164 then it is not_capable with code 21211', async () => {
    const error = await failure(sms.send({ to: '12345', body: 'hello' }));
    expect(error.kind).toBe('not_capable');
    expect(error.detail).toMatchObject({ httpStatus: 400, code: 21211 });
  });

  it('when the credentials are wrong then it is unauthorized (20003) and not retried', async () => {
    const before = metrics.snapshot().find((c) => c.network === 'sms')?.retries ?? 0;
    const error = await failure(
      createSmsGateway(smsOptions({ authToken: 'wrong' })).send({ to: '+14155550100', body: 'x' }),
    );
    expect(error.kind).toBe('unauthorized');
    expect(error.detail.code).toBe(20003);
    expect(metrics.snapshot().find((c) => c.network === 'sms')?.retries ?? 0).toBe(before);
  });

  it('when the gateway is over its rate then it is rate_limited (20429), retried, and lands once', async () => {
    await configure({ rateLimits: { enabled: true, smsPerSecond: 1 } });
    const msisdn = '+919800000520';
    // An account of its own: the sandbox's one-second windows are per account.
    const limited = smsOptions({ accountSid: 'ACratelimited00000000000000000000' });
    await createSmsGateway(limited).send({ to: msisdn, body: 'first' });
    const once = await failure(
      createSmsGateway({ ...limited, maxAttempts: 1 }).send({ to: msisdn, body: 'refused' }),
    );
    expect(once.kind).toBe('rate_limited');
    expect(once.detail.code).toBe(20429);
    const before = metrics.snapshot().find((c) => c.network === 'sms')?.retries ?? 0;
    // Backoffs of at least 150 + 300 + 600 ms outlast the sandbox's one-second window.
    await createSmsGateway({ ...limited, maxAttempts: 4, backoffBaseMs: 300 }).send({
      to: msisdn,
      body: 'second',
    });
    expect(metrics.snapshot().find((c) => c.network === 'sms')?.retries ?? 0).toBeGreaterThan(before);
    const texts = (await handset(msisdn)).items.map((i) => i.text);
    expect(texts).toEqual(['first', 'second']);
  });

  it('when a Messaging Service SID is the sender then it is sent as MessagingServiceSid', async () => {
    const msisdn = '+919800000530';
    await createSmsGateway(smsOptions({ from: 'MG0000000000000000000000000000000a' })).send({
      to: msisdn,
      body: 'via service',
    });
    const { items } = await handset(msisdn);
    expect(items.at(-1)).toMatchObject({ text: 'via service' });
  });
});
