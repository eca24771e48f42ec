import { Readable } from 'node:stream';
import { CHANNEL_TYPE, ZPartnerCredentialList } from '@portico/domain';
import { businesscommunications_v1 } from 'businesscommunications';
import { type APIRequestContext, createAPIRequest, GaxiosError, OAuth2Client } from 'googleapis-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, freePort, type TestApp } from '../../../test/helpers.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  fundedDeveloper,
} from '../../../test/partner-api.ts';

/**
 * Google's shapes at the root of an origin of their own (PARTNER_GOOGLE_PORT, decision 0027), called
 * through Google's own Node client machinery with only rootUrl and the bearer token changed:
 * `businesscommunications` (Google's published Business Communications client) for the agent reads,
 * and for the RBM calls (send, capability, revoke, agent events, files) the requests
 * googleapis-common builds from the generated rcsbusinessmessaging methods (Google publishes that
 * client only inside its RBM samples, not on npm: the methods below are the generated ones'
 * parameters, and everything else - URL building from rootUrl, media and multipart uploads, auth,
 * errors - is googleapis-common's and google-auth-library's). One thing the client does not rewrite:
 * a media upload goes to the generated method's upload URI, built from the call's own `rootUrl`
 * option, so a media upload passes that option too.
 */

const S = '/api/v1/secure';
const RECIPIENT = AIRTEL_RECIPIENT;
let t: TestApp;
let googleRoot: string;
let developerToken: string;
let partnerId: string;
let serial = 0;

beforeAll(async () => {
  const googlePort = await freePort();
  t = await createPartnerApiApp({
    PARTNER_GOOGLE_PORT: String(googlePort),
    PARTNER_GOOGLE_URL: `http://127.0.0.1:${googlePort}/`,
  });
  googleRoot = `http://127.0.0.1:${googlePort}/`;
  ({ partnerId, developerToken } = await fundedDeveloper(t));
});
afterAll(() => t.close());

interface TestAgent {
  botId: string;
  agentId: string;
  accessToken: string;
}

/** A launched RBM bot of the developer's partner and a partner token of its own credential. */
async function agentWithToken(): Promise<TestAgent> {
  serial += 1;
  const agentId = `google_client_${serial}`;
  const agent = await botWithAccessToken(
    t,
    { id: partnerId, token: developerToken },
    {
      channels: [CHANNEL_TYPE.rcs],
      name: `Google client ${serial}`,
      description: 'Orders and deliveries',
      brandColor: '#1A73E8',
      phones: [{ number: '+919810000000', label: 'Support' }],
      rbmBrand: 'brands/partner',
      rbmAgent: `brands/partner/agents/${agentId}`,
    },
    { clientAuth: 'basic' },
  );
  return { ...agent, agentId };
}

/** Google's auth client holding a token, as a partner's code would after its token request. */
function authOf(accessToken: string): OAuth2Client {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: accessToken, expiry_date: Date.now() + 3_600_000 });
  return auth;
}

/** Google's Business Communications client with only rootUrl and the credentials changed. */
const businessCommunications = (rootUrl: string, accessToken: string) =>
  new businesscommunications_v1.Businesscommunications({ rootUrl, auth: authOf(accessToken) });

/** `phones.agentMessages.create` of the generated rcsbusinessmessaging v1 client, run by googleapis-common. */
function createAgentMessage(
  rootUrl: string,
  accessToken: string,
  params: { parent: string; messageId: string; agentId: string; requestBody: unknown },
) {
  const context: APIRequestContext = { _options: { rootUrl, auth: authOf(accessToken) } };
  const defaultRoot = 'https://rcsbusinessmessaging.googleapis.com/';
  return createAPIRequest<Record<string, unknown>>({
    options: {
      url: `${defaultRoot}/v1/{+parent}/agentMessages`.replace(/([^:]\/)\/+/g, '$1'),
      method: 'POST',
    },
    params,
    requiredParams: ['parent'],
    pathParams: ['parent'],
    context,
  });
}

/** `phones.getCapabilities` of the generated rcsbusinessmessaging v1 client, run by googleapis-common. */
function getCapabilities(
  rootUrl: string,
  accessToken: string,
  params: { name: string; requestId: string; agentId: string },
) {
  const context: APIRequestContext = { _options: { rootUrl, auth: authOf(accessToken) } };
  const defaultRoot = 'https://rcsbusinessmessaging.googleapis.com/';
  return createAPIRequest<{ features?: string[] }>({
    options: { url: `${defaultRoot}/v1/{+name}/capabilities`.replace(/([^:]\/)\/+/g, '$1'), method: 'GET' },
    params,
    requiredParams: ['name'],
    pathParams: ['name'],
    context,
  });
}

/** `phones.agentMessages.delete` of the generated rcsbusinessmessaging v1 client (revoke). */
function deleteAgentMessage(rootUrl: string, accessToken: string, params: { name: string; agentId: string }) {
  const context: APIRequestContext = { _options: { rootUrl, auth: authOf(accessToken) } };
  const defaultRoot = 'https://rcsbusinessmessaging.googleapis.com/';
  return createAPIRequest<Record<string, unknown>>({
    options: { url: `${defaultRoot}/v1/{+name}`.replace(/([^:]\/)\/+/g, '$1'), method: 'DELETE' },
    params,
    requiredParams: ['name'],
    pathParams: ['name'],
    context,
  });
}

/** `phones.agentEvents.create` of the generated rcsbusinessmessaging v1 client. */
function createAgentEvent(
  rootUrl: string,
  accessToken: string,
  params: { parent: string; eventId: string; agentId: string; requestBody: unknown },
) {
  const context: APIRequestContext = { _options: { rootUrl, auth: authOf(accessToken) } };
  const defaultRoot = 'https://rcsbusinessmessaging.googleapis.com/';
  return createAPIRequest<{ name?: string; eventType?: string; messageId?: string; sendTime?: string }>({
    options: {
      url: `${defaultRoot}/v1/{+parent}/agentEvents`.replace(/([^:]\/)\/+/g, '$1'),
      method: 'POST',
    },
    params,
    requiredParams: ['parent'],
    pathParams: ['parent'],
    context,
  });
}

/**
 * `files.create` of the generated rcsbusinessmessaging v1 client: its metadata URI from the
 * client's rootUrl, its upload URI (`mediaUrl`) from the call's own `rootUrl` option, as the
 * generated method builds both; googleapis-common rewrites only the former by the client's rootUrl.
 */
function createFile(
  rootUrl: string,
  accessToken: string,
  params: {
    agentId?: string;
    requestBody?: Record<string, unknown>;
    media?: { mimeType: string; body: Readable | string };
  },
  callOptions: { rootUrl?: string } = {},
) {
  const context: APIRequestContext = { _options: { rootUrl, auth: authOf(accessToken) } };
  const root = callOptions.rootUrl || 'https://rcsbusinessmessaging.googleapis.com/';
  return createAPIRequest<{ name?: string }>({
    options: Object.assign(
      { url: `${root}/v1/files`.replace(/([^:]\/)\/+/g, '$1'), method: 'POST' as const },
      callOptions,
    ),
    params,
    mediaUrl: `${root}/upload/v1/files`.replace(/([^:]\/)\/+/g, '$1'),
    requiredParams: [],
    pathParams: [],
    context,
  });
}

/** The GaxiosError a call rejected with, and Google's error body it carries. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GaxiosError);
  const { status, response } = error as GaxiosError;
  return { status, body: response?.data as { error: { code: number; status: string; message: string } } };
}

const TEXT = {
  contentMessage: {
    text: 'Hello, world!',
    suggestions: [{ reply: { text: 'Suggestion #1', postbackData: 'suggestion_1' } }],
  },
};

describe("Google's RBM send through googleapis-common at the Google origin's root", () => {
  it("when an agent message is created with messageId and agentId then Google's AgentMessage comes back", async () => {
    const agent = await agentWithToken();
    const response = await createAgentMessage(googleRoot, agent.accessToken, {
      parent: `phones/${RECIPIENT}`,
      messageId: 'client-1',
      agentId: agent.agentId,
      requestBody: TEXT,
    });
    expect(response.status).toBe(200);
    expect(response.config.url?.toString()).toBe(
      `${googleRoot}v1/phones/${RECIPIENT}/agentMessages?messageId=client-1&agentId=${agent.agentId}`,
    );
    expect(response.data).toMatchObject({
      name: `phones/${RECIPIENT}/agentMessages/client-1`,
      contentMessage: TEXT.contentMessage,
    });
    expect(typeof response.data.sendTime).toBe('string');
  });

  it('when the token is wrong then the client rejects with 401 UNAUTHENTICATED in Google words', async () => {
    const agent = await agentWithToken();
    const { status, body } = await refusal(
      createAgentMessage(googleRoot, 'not-a-token', {
        parent: `phones/${RECIPIENT}`,
        messageId: 'client-2',
        agentId: agent.agentId,
        requestBody: TEXT,
      }),
    );
    expect(status).toBe(401);
    expect(body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
  });

  it('when the message is malformed then the client rejects with 400 INVALID_ARGUMENT', async () => {
    const agent = await agentWithToken();
    const { status, body } = await refusal(
      createAgentMessage(googleRoot, agent.accessToken, {
        parent: `phones/${RECIPIENT}`,
        messageId: 'client-3',
        agentId: agent.agentId,
        requestBody: { contentMessage: { text: 'x'.repeat(3073) } },
      }),
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  });

  it('when a capability check is asked then the features come back, and a non-RCS user is 404 NOT_FOUND', async () => {
    const agent = await agentWithToken();
    const { status, data } = await getCapabilities(googleRoot, agent.accessToken, {
      name: `phones/${RECIPIENT}`,
      requestId: 'cap-1',
      agentId: agent.agentId,
    });
    expect(status).toBe(200);
    expect(data.features?.length).toBeGreaterThan(0);
    // The sandbox's rule: a number ending in 0 is not RCS-capable.
    const notRcs = await refusal(
      getCapabilities(googleRoot, agent.accessToken, {
        name: 'phones/+919810012340',
        requestId: 'cap-2',
        agentId: agent.agentId,
      }),
    );
    expect(notRcs.status).toBe(404);
    expect(notRcs.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });

  it("when the client's rootUrl has a path (the prefixed routes) then the client drops it and misses", async () => {
    const agent = await agentWithToken();
    // Why the origin of its own: googleapis-common keeps only the origin of rootUrl.
    const { status } = await refusal(
      createAgentMessage(`${t.config.PUBLIC_URL}/api/v1/partner/rbm/`, agent.accessToken, {
        parent: `phones/${RECIPIENT}`,
        messageId: 'client-4',
        agentId: agent.agentId,
        requestBody: TEXT,
      }),
    );
    expect(status).toBe(404);
  });
});

describe("Google's RBM revoke, agent events and files through googleapis-common at the origin's root", () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7]);

  it('when a message not yet delivered is deleted then 200 {}, and deleting it again is 404 NOT_FOUND', async () => {
    const agent = await agentWithToken();
    await createAgentMessage(googleRoot, agent.accessToken, {
      parent: `phones/${RECIPIENT}`,
      messageId: 'revoke-client-1',
      agentId: agent.agentId,
      requestBody: TEXT,
    });
    const name = `phones/${RECIPIENT}/agentMessages/revoke-client-1`;
    const revoked = await deleteAgentMessage(googleRoot, agent.accessToken, { name, agentId: agent.agentId });
    expect(revoked.status).toBe(200);
    expect(revoked.config.url?.toString()).toBe(`${googleRoot}v1/${name}?agentId=${agent.agentId}`);
    expect(revoked.data).toEqual({});
    const again = await refusal(
      deleteAgentMessage(googleRoot, agent.accessToken, { name, agentId: agent.agentId }),
    );
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });

  it("when an agent event is created then Google's AgentEvent comes back", async () => {
    const agent = await agentWithToken();
    const eventId = '0bd7f1e6-4f7a-4d3b-9b1e-6a0c2f1d2e3f';
    const { status, data } = await createAgentEvent(googleRoot, agent.accessToken, {
      parent: `phones/${RECIPIENT}`,
      eventId,
      agentId: agent.agentId,
      requestBody: { eventType: 'IS_TYPING' },
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      name: `phones/${RECIPIENT}/agentEvents/${eventId}`,
      eventType: 'IS_TYPING',
    });
    const unread = await refusal(
      createAgentEvent(googleRoot, agent.accessToken, {
        parent: `phones/${RECIPIENT}`,
        eventId: '1bd7f1e6-4f7a-4d3b-9b1e-6a0c2f1d2e3f',
        agentId: agent.agentId,
        requestBody: { eventType: 'READ' },
      }),
    );
    expect(unread.status).toBe(400);
    expect(unread.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  });

  it('when a file is created by URL, uploaded as media, or uploaded multipart then Google names each', async () => {
    const agent = await agentWithToken();
    const byUrl = await createFile(googleRoot, agent.accessToken, {
      requestBody: {
        fileUrl: 'https://storage.googleapis.com/kitchen-sink-sample-images/cute-dog.jpg',
        agentId: agent.agentId,
      },
    });
    expect(byUrl.config.url?.toString()).toBe(`${googleRoot}v1/files`);
    expect(byUrl.data.name).toMatch(/^files\//);

    const media = await createFile(
      googleRoot,
      agent.accessToken,
      { agentId: agent.agentId, media: { mimeType: 'image/png', body: Readable.from([PNG]) } },
      { rootUrl: googleRoot },
    );
    expect(media.config.url?.toString()).toBe(
      `${googleRoot}upload/v1/files?agentId=${agent.agentId}&uploadType=media`,
    );
    expect(media.data.name).toMatch(/^files\//);
    const served = await fetch(`${t.config.PUBLIC_URL}/sandbox/rbm/${media.data.name}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const multipart = await createFile(
      googleRoot,
      agent.accessToken,
      {
        requestBody: { agentId: agent.agentId, thumbnailUrl: 'https://www.gstatic.com/rbm/thumb.png' },
        media: { mimeType: 'image/png', body: Readable.from([PNG]) },
      },
      { rootUrl: googleRoot },
    );
    expect(multipart.config.url?.toString()).toBe(`${googleRoot}upload/v1/files?uploadType=multipart`);
    const uploaded = await fetch(`${t.config.PUBLIC_URL}/sandbox/rbm/${multipart.data.name}`);
    expect(Buffer.from(await uploaded.arrayBuffer())).toEqual(PNG);

    // The uploaded file in a message, as Google's samples send it.
    const sent = await createAgentMessage(googleRoot, agent.accessToken, {
      parent: `phones/${RECIPIENT}`,
      messageId: 'file-client-1',
      agentId: agent.agentId,
      requestBody: { contentMessage: { uploadedRbmFile: { fileName: media.data.name } } },
    });
    expect(sent.status).toBe(200);
  });

  it('when a file is not one RBM takes then the client rejects with 400 INVALID_ARGUMENT', async () => {
    const agent = await agentWithToken();
    const { status, body } = await refusal(
      createFile(
        googleRoot,
        agent.accessToken,
        { agentId: agent.agentId, media: { mimeType: 'application/zip', body: Readable.from([PNG]) } },
        { rootUrl: googleRoot },
      ),
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  });
});

describe("Google's businesscommunications client at the Google origin's root", () => {
  it("when the bot's agent is read then it comes back as Google shapes an agent", async () => {
    const agent = await agentWithToken();
    const client = businessCommunications(googleRoot, agent.accessToken);
    const { data } = await client.brands.agents.get({ name: `brands/partner/agents/${agent.agentId}` });
    expect(data.name).toBe(`brands/partner/agents/${agent.agentId}`);
    expect(data.displayName).toBe(`Google client ${serial}`);
    // The published client's types predate RBM agents (Business Messages era); the JSON is Google's.
    expect((data as { rcsBusinessMessagingAgent?: unknown }).rcsBusinessMessagingAgent).toMatchObject({
      description: 'Orders and deliveries',
      color: '#1A73E8',
      phoneNumbers: [{ phoneNumber: { number: '+919810000000' }, label: 'Support' }],
    });
  });

  it("when the API page's Google base URL is the client's rootUrl then the client reaches the agent", async () => {
    const agent = await agentWithToken();
    const page = await t.app.inject({
      method: 'GET',
      url: `${S}/bots/${agent.botId}/credentials`,
      headers: { authorization: `Bearer ${developerToken}` },
    });
    const { endpoints } = ZPartnerCredentialList.parse(expectEnvelope(page, 200).data);
    const google = endpoints.find((e) => e.api_type === 'google');
    expect(google?.base_url).toBe(googleRoot.replace(/\/$/, ''));
    const client = businessCommunications(google?.base_url ?? '', agent.accessToken);
    const { data } = await client.brands.agents.get({ name: `brands/partner/agents/${agent.agentId}` });
    expect(data.name).toBe(`brands/partner/agents/${agent.agentId}`);
  });

  it("when the agents of brand '-' are listed then the token's own agent is the list", async () => {
    const agent = await agentWithToken();
    const client = businessCommunications(googleRoot, agent.accessToken);
    const { data } = await client.brands.agents.list({ parent: 'brands/-' });
    expect(data.agents?.map((a) => a.name)).toEqual([`brands/partner/agents/${agent.agentId}`]);
  });

  it('when another agent or brand is read then 404 NOT_FOUND, and a wrong token 401 UNAUTHENTICATED', async () => {
    const agent = await agentWithToken();
    const other = await agentWithToken();
    const client = businessCommunications(googleRoot, agent.accessToken);
    const otherAgent = await refusal(
      client.brands.agents.get({ name: `brands/partner/agents/${other.agentId}` }),
    );
    expect(otherAgent.status).toBe(404);
    expect(otherAgent.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    const otherBrand = await refusal(
      client.brands.agents.get({ name: `brands/other/agents/${agent.agentId}` }),
    );
    expect(otherBrand.status).toBe(404);
    const wrong = await refusal(
      businessCommunications(googleRoot, 'nope').brands.agents.get({
        name: `brands/partner/agents/${agent.agentId}`,
      }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
  });

  it("when the origin root is asked for a portal path then it is not served there: Google's UNIMPLEMENTED", async () => {
    for (const path of ['api/v1/secure/bots', 'u/api', '']) {
      const response = await fetch(`${googleRoot}${path}`);
      expect(response.status).toBe(501);
      expect(await response.json()).toMatchObject({ error: { code: 501, status: 'UNIMPLEMENTED' } });
    }
  });
});
