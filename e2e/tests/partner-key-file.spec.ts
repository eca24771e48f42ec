/**
 * Issue 25, points 3 and 7, browser journey: on /u/api a developer sees the Google origin's base
 * URL (the next port, its own origin: Google's clients keep only the origin) and downloads a
 * service-account key file for a Google RBM bot. The downloaded file is Google's shape with our
 * token endpoint: its JWT-bearer assertion gets an access token there, and the Google origin answers
 * a path it does not serve in Google's error shape, never the web app. Screenshots at 1280 and 600 px.
 */
import { createSign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { apiHeaders, signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const shoot = screenshotsIn('partner-key-file');
const DEVELOPER = 'developer@portico.test';
const googleOrigin = (() => {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 1);
  return url.origin;
})();

/** The developer's first bot whose API is Google's (an RBM agent). */
async function googleBot(page: Page): Promise<string> {
  const headers = await apiHeaders(page);
  const list = await page.request.get('/api/v1/secure/bots?start=0&end=50', { headers });
  for (const { bot_id: id } of (await list.json()).data.items as { bot_id: string }[]) {
    const credentials = await page.request.get(`/api/v1/secure/bots/${id}/credentials`, { headers });
    if (!credentials.ok()) continue;
    const info = (await credentials.json()).data as {
      endpoints: { api_type: string; id: string | null }[];
      items: { state: string }[];
    };
    const active = info.items.filter((c) => c.state === 'active').length;
    if (active < 5 && info.endpoints.some((e) => e.api_type === 'google' && e.id)) return id;
  }
  throw new Error('the demo developer has no Google RBM bot with room for a credential');
}

/** A JWT-bearer assertion signed with the key file, as Google's libraries make one (RFC 7523). */
function assertionOf(key: {
  private_key: string;
  private_key_id: string;
  client_email: string;
  token_uri: string;
}) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: key.private_key_id })}.${encode({
    iss: key.client_email,
    scope: 'https://www.googleapis.com/auth/rcsbusinessmessaging',
    aud: key.token_uri,
    iat: now,
    exp: now + 3600,
  })}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key, 'base64url');
  return `${unsigned}.${signature}`;
}

test('when a developer downloads a service-account key on /u/api then it mints a token, and the page shows the Google origin', async ({
  page,
}) => {
  await signInFromLanding(page, DEVELOPER);
  const botId = await googleBot(page);
  await page.goto(`/u/api?botId=${botId}`);

  const endpoints = page.locator('[aria-labelledby="endpoints-title"]');
  await expect(endpoints.getByText(googleOrigin, { exact: true })).toBeVisible();

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download service-account key' }).click();
  const download = await downloaded;
  const dialog = page.getByRole('dialog', { name: 'Service-account key downloaded' });
  await expect(dialog).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^portico-bot-[0-9a-f]{8}-[0-9a-f]{12}\.json$/);
  const key = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    type: string;
    private_key: string;
    private_key_id: string;
    client_email: string;
    token_uri: string;
  };
  expect(key).toMatchObject({ type: 'service_account', token_uri: `${baseURL}/api/v1/oauth/token` });
  await expect(dialog).toContainText(key.client_email);
  await shoot(page, 'key-file-dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const credentials = page.locator('[aria-labelledby="credentials-title"]');
  await expect(credentials.getByText('Service-account key').first()).toBeVisible();
  await expect(credentials.getByText(`key …${key.private_key_id.slice(-4)}`)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'api-page');
  expect(await seriousViolations(page)).toEqual([]);

  // The file works as Google's does: its assertion, posted to token_uri, gets an access token.
  const token = await page.request.post(key.token_uri, {
    form: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: assertionOf(key) },
  });
  expect(token.status()).toBe(200);
  expect(await token.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

  // The Google origin answers what it does not serve in Google's error shape, never the web app.
  const unserved = await page.request.get(`${googleOrigin}/u/api`);
  expect(unserved.status()).toBe(501);
  expect(unserved.headers()['content-type']).toMatch(/^application\/json/);
  expect(await unserved.json()).toMatchObject({ error: { status: 'UNIMPLEMENTED' } });

  // The journey leaves the bot's credentials as it found them: the new key is revoked.
  const headers = await apiHeaders(page);
  const list = await page.request.get(`/api/v1/secure/bots/${botId}/credentials`, { headers });
  const created = ((await list.json()).data.items as { credential_id: string; key_id: string | null }[]).find(
    (c) => c.key_id === key.private_key_id,
  );
  expect(created).toBeDefined();
  const revoked = await page.request.post(
    `/api/v1/secure/bots/${botId}/credentials/${created?.credential_id}/revoke`,
    { headers },
  );
  expect(revoked.status()).toBe(200);
});
