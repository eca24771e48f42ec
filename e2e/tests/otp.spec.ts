/**
 * Issue 3, one-time passwords: a developer asks for codes for two numbers (the calls the portal's
 * client makes); the RCS-capable one receives it from the platform's RBM agent, the other by SMS,
 * both on the virtual handset at /sandbox; the code read off the phone validates once.
 */
import { expect, type Page, test } from '@playwright/test';
import { apiHeaders, signInFromLanding } from '../support/auth.ts';

const DEVELOPER = 'developer@portico.test';

async function codeOnHandset(page: Page, msisdn: string, from: RegExp): Promise<string> {
  await page.goto(`/sandbox/?msisdn=${encodeURIComponent(msisdn)}`);
  const message = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').last();
  await expect(message).toContainText(from);
  await expect(message).toContainText(/is your Portico verification code/);
  const text = (await message.getByText(/verification code/).textContent()) ?? '';
  const code = /^(\d{6}) /.exec(text)?.[1];
  expect(code, text).toBeTruthy();
  return code as string;
}

test('when a developer asks for a code then it arrives by RCS on a capable number and by SMS otherwise, and validates once', async ({
  page,
}, testInfo) => {
  await signInFromLanding(page, DEVELOPER);
  const headers = await apiHeaders(page);
  const cases = [
    { msisdn: '+919812340001', channel: 'RCS', from: /Google RBM · portico-test-agent/ },
    { msisdn: '+919812340010', channel: 'SMS', from: /SMS · PORTICO/ },
  ];
  for (const { msisdn, channel, from } of cases) {
    const channelAnswer = await page.request.get(
      `/api/v1/secure/otp/channel?msisdn=${encodeURIComponent(msisdn)}`,
      {
        headers,
      },
    );
    expect((await channelAnswer.json()).data.channel).toBe(channel);
    const sent = await page.request.post('/api/v1/secure/otp/generate', { headers, data: { msisdn } });
    expect(sent.status(), await sent.text()).toBe(200);
    expect((await sent.json()).data.channel).toBe(channel);

    const code = await codeOnHandset(page, msisdn, from);
    await page.screenshot({ path: testInfo.outputPath(`otp-${channel.toLowerCase()}.png`) });
    const valid = await page.request.post('/api/v1/secure/otp/validate', { headers, data: { msisdn, code } });
    expect(valid.status(), await valid.text()).toBe(200);
    const again = await page.request.post('/api/v1/secure/otp/validate', { headers, data: { msisdn, code } });
    expect(again.status()).toBe(410);
  }
});
