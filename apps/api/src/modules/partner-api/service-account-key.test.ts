import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CHANNEL_TYPE,
  type TServiceAccountKeyFile,
  ZIssuedServiceAccountKey,
  ZRotatedPartnerCredential,
} from '@portico/domain';
import { GoogleAuth, JWT } from 'google-auth-library';
import { type APIRequestContext, createAPIRequest, type GaxiosError, OAuth2Client } from 'googleapis-common';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, freePort, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  fundedDeveloper,
} from '../../../test/partner-api.ts';

/**
 * Issue 25, point 7 (decision 0034): a partner downloads, for a bot, a key file shaped as a Google
 * service-account key whose token endpoint is Portico's. google-auth-library reads the file as it
 * reads Google's and signs with it; Google's request code (googleapis-common's createAPIRequest,
 * as the generated rcsbusinessmessaging client runs it) sends with its Authorization header. The
 * token endpoint takes the same key's JWT-bearer assertion (what Google's token endpoint takes).
 * Rotation and revocation stop the old key at once.
 */

const RBM_SCOPE = 'https://www.googleapis.com/auth/rcsbusinessmessaging';
const S = '/api/v1/secure';
let t: TestApp;
let googleRoot: string;
let owner: { id: string; token: string };
let dir: string;
let serial = 0;

beforeAll(async () => {
  const port = await freePort();
  googleRoot = `http://127.0.0.1:${port}/`;
  t = await createPartnerApiApp({ PARTNER_GOOGLE_PORT: String(port) });
  const { partnerId, developerToken } = await fundedDeveloper(t);
  owner = { id: partnerId, token: developerToken };
  dir = await mkdtemp(path.join(tmpdir(), 'portico-key-file-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const asOwner = (method: 'POST' | 'GET', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${owner.token}`, ...xsrfHeaders() } });

/** A launched RBM bot of the developer (each test its own: a bot holds at most 5 active credentials). */
async function googleBot(): Promise<{ botId: string; agentId: string }> {
  serial += 1;
  const agentId = `key_file_agent_${serial}`;
  const { botId } = await botWithAccessToken(
    t,
    owner,
    {
      channels: [CHANNEL_TYPE.rcs],
      name: `Key file bot ${serial}`,
      description: 'Orders',
      brandColor: '#1A73E8',
      phones: [{ number: '+919810000000', label: 'Support' }],
      rbmBrand: 'brands/partner',
      rbmAgent: `brands/partner/agents/${agentId}`,
    },
    { clientAuth: 'basic' },
  );
  return { botId, agentId };
}

/** The key file as the API page downloads it, saved where the partner's code reads it. */
async function downloadKey(
  botId: string,
): Promise<{ file: string; key: TServiceAccountKeyFile; credentialId: string }> {
  const issued = ZIssuedServiceAccountKey.parse(
    expectEnvelope(await asOwner('POST', `${S}/bots/${botId}/credentials/service-account-key`), 200).data,
  );
  const file = path.join(dir, `${issued.key_file.private_key_id}.json`);
  await writeFile(file, JSON.stringify(issued.key_file, null, 2));
  return { file, key: issued.key_file, credentialId: issued.credential.credential_id };
}

/** `phones.agentMessages.create` of the generated rcsbusinessmessaging v1 client, run by googleapis-common. */
function createAgentMessage(auth: JWT | OAuth2Client, agentId: string, messageId: string) {
  // googleapis-common carries its own copy of google-auth-library (10.5): the partner's JWT is
  // the API's google-auth-library (10.9), the same class to it at run time.
  const context: APIRequestContext = { _options: { rootUrl: googleRoot, auth: auth as OAuth2Client } };
  return createAPIRequest<{ name?: string }>({
    options: {
      url: 'https://rcsbusinessmessaging.googleapis.com/v1/{+parent}/agentMessages',
      method: 'POST',
    },
    params: {
      parent: `phones/${AIRTEL_RECIPIENT}`,
      messageId,
      agentId,
      requestBody: { contentMessage: { text: 'Sent with a key file' } },
    },
    requiredParams: ['parent'],
    pathParams: ['parent'],
    context,
  });
}

/** Google's library as a partner builds it from the key file: a signed JWT per request, no exchange. */
async function googleClient(keyFile: string): Promise<JWT> {
  const auth = new GoogleAuth({ keyFile, scopes: [RBM_SCOPE] });
  // Sign each request's token with the key (Google's self-signed JWT) instead of posting the
  // exchange to Google's own token URL, which this library uses whatever the file's token_uri says.
  auth.useJWTAccessWithScope = true;
  const client = await auth.getClient();
  if (!(client instanceof JWT)) throw new Error('a service-account key file makes a JWT client');
  return client;
}

/** The JWT-bearer assertion Google's libraries post to the key file's token_uri (RFC 7523). */
async function assertion(key: TServiceAccountKeyFile, privateKey = key.private_key) {
  return new SignJWT({ scope: RBM_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.private_key_id })
    .setIssuer(key.client_email)
    .setAudience(key.token_uri)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importPKCS8(privateKey, 'RS256'));
}

const exchange = (body: string) =>
  fetch(`${t.config.PUBLIC_URL}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
const jwtBearer = (signed: string) =>
  new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: signed,
  }).toString();

async function refusedStatus(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  // The error of whichever gaxios copy made the request (googleapis-common's or the library's).
  expect(error).toBeInstanceOf(Error);
  const { status, response } = error as GaxiosError;
  return { status, body: response?.data };
}

describe("a Google service-account key file for a bot (google-auth-library, Google's request code)", () => {
  it("when downloaded then it is a service-account key whose token_uri is Portico's, listed without its key", async () => {
    const { botId } = await googleBot();
    const { key, credentialId } = await downloadKey(botId);
    expect(key).toMatchObject({
      type: 'service_account',
      token_uri: `${t.config.PUBLIC_URL}/api/v1/oauth/token`,
      universe_domain: 'googleapis.com',
    });
    expect(key.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(key.private_key_id).toMatch(/^[0-9a-f]{40}$/);
    expect(key.client_email).toBe(`${key.client_id}@127.0.0.1`);
    const list = expectEnvelope(await asOwner('GET', `${S}/bots/${botId}/credentials`), 200).data as {
      items: { credential_id: string; kind: string; key_id: string | null }[];
    };
    expect(list.items.find((c) => c.credential_id === credentialId)).toMatchObject({
      kind: 'service_account',
      key_id: key.private_key_id,
    });
    expect(JSON.stringify(list)).not.toContain('PRIVATE KEY');
  });

  it('when google-auth-library reads the file then it gets a token and the generated request sends the message', async () => {
    const { botId, agentId } = await googleBot();
    const { file } = await downloadKey(botId);
    const client = await googleClient(file);
    const headers = await client.getRequestHeaders();
    expect(headers.get('authorization')).toMatch(/^Bearer ey/);
    const sent = await createAgentMessage(client, agentId, `key-file-${Date.now()}`);
    expect(sent.status).toBe(200);
    expect(sent.data.name).toMatch(new RegExp(`^phones/\\${AIRTEL_RECIPIENT}/agentMessages/key-file-`));
  });

  it("when the key's assertion is posted to token_uri then an access token comes back that sends as any other", async () => {
    const { botId, agentId } = await googleBot();
    const { key } = await downloadKey(botId);
    const answer = await exchange(jwtBearer(await assertion(key)));
    expect(answer.status).toBe(200);
    const token = (await answer.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: token.access_token, expiry_date: Date.now() + 3_600_000 });
    expect((await createAgentMessage(auth, agentId, `exchanged-${Date.now()}`)).status).toBe(200);
  });

  it('when the assertion is signed by another key, or the key id is used as a client secret, then it is refused', async () => {
    const { botId } = await googleBot();
    const { key } = await downloadKey(botId);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    const forged = await exchange(jwtBearer(await assertion(key, other)));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: 'invalid_grant' });
    const asSecret = await exchange(
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: key.client_id,
        client_secret: key.private_key_id,
      }).toString(),
    );
    expect(asSecret.status).toBe(401);
    expect(await asSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('when the key is rotated then the old file stops at once and the new one works; when revoked, nothing works', async () => {
    const { botId, agentId } = await googleBot();
    const { file, key, credentialId } = await downloadKey(botId);
    const rotated = ZRotatedPartnerCredential.parse(
      expectEnvelope(await asOwner('POST', `${S}/bots/${botId}/credentials/${credentialId}/rotate`), 200)
        .data,
    );
    if (!('key_file' in rotated)) throw new Error('a key rotation answers a key file');
    expect(rotated.key_file.private_key_id).not.toBe(key.private_key_id);
    expect(rotated.key_file.client_id).toBe(key.client_id);

    const old = await refusedStatus(
      createAgentMessage(await googleClient(file), agentId, `old-${Date.now()}`),
    );
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
    expect((await exchange(jwtBearer(await assertion(key)))).status).toBe(400);

    const newFile = path.join(dir, 'rotated.json');
    await writeFile(newFile, JSON.stringify(rotated.key_file));
    expect((await createAgentMessage(await googleClient(newFile), agentId, `new-${Date.now()}`)).status).toBe(
      200,
    );

    expectEnvelope(await asOwner('POST', `${S}/bots/${botId}/credentials/${credentialId}/revoke`), 200);
    const revoked = await refusedStatus(
      createAgentMessage(await googleClient(newFile), agentId, `revoked-${Date.now()}`),
    );
    expect(revoked.status).toBe(401);
    const exchanged = await exchange(jwtBearer(await assertion(rotated.key_file)));
    expect(exchanged.status).toBe(400);
  });

  it("when the bot does not speak Google's API then no key file is made (409)", async () => {
    const { botId: whatsappBot } = await botWithAccessToken(
      t,
      owner,
      { channels: [CHANNEL_TYPE.whatsapp], name: 'WA key bot', whatsappPhoneNumberId: 'pn-key-file' },
      { clientAuth: 'form' },
    );
    const refused = await asOwner('POST', `${S}/bots/${whatsappBot}/credentials/service-account-key`);
    expect(expectEnvelope(refused, 409).message).toContain("Google's RBM API");
  });
});
