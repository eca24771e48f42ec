import type {
  TBotListItem,
  TIssuedPartnerCredential,
  TListResult,
  TPartnerCredentialList,
  TPartnerUsage,
} from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { DEVELOPER, partnerDetails } from '@/test/fixtures';
import { chosen, renderApp } from '@/test/render-app';
import { buildTheme } from '@/theme/theme';
import { apiExamples } from './components/api-examples';

afterEach(() => {
  vi.restoreAllMocks();
});

const READ_ONLY_CHILD = partnerDetails({ role: 'CHILD_AGGREGATOR_READONLY', firstName: 'Rita' });
const BOT_ID = '0b6c1f4e-3f6a-4d7e-9a55-111111111111';
const CREDENTIAL_ID = '0b6c1f4e-3f6a-4d7e-9a55-333333333333';
const TOKEN_URL = 'http://localhost:3000/api/v1/oauth/token';

const BOT: TBotListItem = {
  bot_id: BOT_ID,
  name: 'Chai Orders',
  partner_name: 'Acme Travel',
  channels: [{ channel_type: 2 }],
  status: { key: 'launched', code: 10, label: 'Launched' },
  brand: null,
  carriers: [],
  logo_url: null,
  banner_url: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

const ACTIVE = {
  credential_id: CREDENTIAL_ID,
  kind: 'client_secret' as const,
  key_id: null,
  bot_id: BOT_ID,
  client_id: 'pci_chai',
  scope: `bot:${BOT_ID}`,
  state: 'active' as const,
  secret_hint: 'x9Zq',
  created_at: '2026-11-22T10:00:00.000Z',
  rotated_at: null,
  last_used_at: '2026-11-23T08:30:00.000Z',
  revoked_at: null,
};

function credentials(items = [ACTIVE]): TPartnerCredentialList {
  return {
    bot_id: BOT_ID,
    endpoints: [
      {
        api_type: 'whatsapp',
        id_name: 'phone-number-id',
        id: 'pn-chai',
        base_url: 'http://localhost:3000/api/v1/partner/whatsapp',
      },
    ],
    token_url: TOKEN_URL,
    scope: `bot:${BOT_ID}`,
    token_lifetime_seconds: 3600,
    items,
  };
}

const NO_COUNTS = {
  sent: 0,
  pending: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  events: 0,
  charged: '0.00',
  pending_amount: '0.00',
};
const EMPTY_USAGE: TPartnerUsage = {
  bot_id: BOT_ID,
  from: '2026-10-28',
  to: '2026-11-26',
  currency: 'USD',
  days: [],
  carriers: [],
  totals: NO_COUNTS,
};

const WEBHOOK = {
  bot_id: BOT_ID,
  url: null,
  verified_at: null,
  networks: ['whatsapp'],
  secret_hint: null,
  secret_rotated_at: null,
  counts: { pending: 0, retrying: 0, delivered: 0, dead: 0 },
};

const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });

/** Answers the page's GETs: the bots, the credentials, the webhook and an empty delivery log. */
function answerGets(list_: () => TPartnerCredentialList = () => credentials()) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/secure/bots') return list([BOT]);
    if (url === `/secure/bots/${BOT_ID}/credentials`) return list_();
    if (url === `/secure/bots/${BOT_ID}/webhook`) return WEBHOOK;
    if (url === '/secure/partner-api/usage') return EMPTY_USAGE;
    return list([]);
  });
}

describe('the credentials panel on /u/api', () => {
  it('when the page opens then the credentials, the API type, ids, base URL and examples show', async () => {
    answerGets();
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    const table = await screen.findByRole('table', { name: 'Credentials' }, { timeout: 5000 });
    const row = within(table).getByText('pci_chai').closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('…x9Zq')).toBeTruthy();
    expect(within(row).getByText('23/11/2026 | 08:30 AM UTC')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Cloud API (WhatsApp)' });
    expect(within(section).getByText('pn-chai')).toBeTruthy();
    expect(within(section).getByLabelText('Cloud API (WhatsApp) base URL').textContent).toBe(
      'http://localhost:3000/api/v1/partner/whatsapp',
    );
    const curl = within(section).getByLabelText('curl example (Cloud API (WhatsApp))').textContent ?? '';
    expect(curl).toContain(`curl -s -u "pci_chai:$CLIENT_SECRET"`);
    expect(curl).toContain('/api/v1/partner/whatsapp/v21.0/pn-chai/messages');
    expect(screen.getByLabelText('Token endpoint').textContent).toBe(TOKEN_URL);
    // The partner OpenAPI (Swagger UI), in a tab of its own.
    const reference = screen.getByRole('link', { name: /API reference/ });
    expect(reference.getAttribute('href')).toBe('/api/partner-docs/');
    expect(reference.getAttribute('target')).toBe('_blank');
    // The examples scroll sideways: a keyboard reaches them (axe's scrollable-region-focusable).
    expect(within(section).getByLabelText('curl example (Cloud API (WhatsApp))').tabIndex).toBe(0);
  });

  it('when a developer creates a credential then its secret shows once with its client id', async () => {
    answerGets();
    const issued: TIssuedPartnerCredential = {
      client_secret: 'pcs_the-one-time-secret',
      credential: { ...ACTIVE, credential_id: '0b6c1f4e-3f6a-4d7e-9a55-444444444444', client_id: 'pci_new' },
    };
    const post = vi.spyOn(http, 'post').mockResolvedValue(issued);
    const user = userEvent.setup();
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    await user.click(await screen.findByRole('button', { name: 'Create credential' }, { timeout: 5000 }));
    expect(post).toHaveBeenCalledWith(`/secure/bots/${BOT_ID}/credentials`, undefined, expect.anything());
    const dialog = await screen.findByRole('dialog', { name: 'Client secret' });
    expect(within(dialog).getByTestId('one-time-secret').textContent).toBe('pcs_the-one-time-secret');
    expect(within(dialog).getByText(/pci_new/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByTestId('one-time-secret')).toBeNull());
  });

  it('when a developer revokes then it is asked first, and cancelling sends nothing', async () => {
    answerGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ ...ACTIVE, state: 'revoked' });
    const user = userEvent.setup();
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    const revoke = await screen.findByRole('button', { name: 'Revoke' }, { timeout: 5000 });
    // Small red text in the dark shade: error.main misses WCAG AA contrast on white (axe in the journey).
    expect(getComputedStyle(revoke).color).toBe(buildTheme('light').palette.error.dark);
    await user.click(revoke);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the credential?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke the credential?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `/secure/bots/${BOT_ID}/credentials/${CREDENTIAL_ID}/revoke`,
        undefined,
        expect.anything(),
      ),
    );
  });

  it('when a developer rotates then after confirming the new secret shows once', async () => {
    answerGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      client_secret: 'pcs_rotated-secret',
      credential: { ...ACTIVE, rotated_at: '2026-11-24T10:00:00.000Z' },
    } satisfies TIssuedPartnerCredential);
    const user = userEvent.setup();
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    await user.click(await screen.findByRole('button', { name: 'Rotate' }, { timeout: 5000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    expect(post).toHaveBeenCalledWith(
      `/secure/bots/${BOT_ID}/credentials/${CREDENTIAL_ID}/rotate`,
      undefined,
      expect.anything(),
    );
    expect((await screen.findByTestId('one-time-secret')).textContent).toBe('pcs_rotated-secret');
  });

  it('when the read-only user opens the page then the credentials show without any change button', async () => {
    answerGets();
    renderApp(`/u/api?botId=${BOT_ID}`, { details: READ_ONLY_CHILD });
    await screen.findByRole('table', { name: 'Credentials' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Create credential' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('when there are no credentials or the list fails then the panel says so', async () => {
    answerGets(() => credentials([]));
    const { unmount } = renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    expect(await screen.findByText('No credentials yet', {}, { timeout: 5000 })).toBeTruthy();
    unmount();
    vi.restoreAllMocks();
    answerGets(() => {
      throw new Error('The service is unavailable.');
    });
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    expect(
      await screen.findByText(/The credentials could not be listed/, {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

describe('the bot /u/api opens on', () => {
  const bot = (n: number, name: string, status: TBotListItem['status']): TBotListItem => ({
    ...BOT,
    bot_id: `0b6c1f4e-3f6a-4d7e-9a55-00000000000${n}`,
    name,
    status,
  });
  const IN_PROGRESS = { key: 'in_progress', code: -1, label: 'In progress' };
  const CARRIER_STEP = { key: 'in_progress_carrier_submission', code: -2, label: 'Carrier submission' };
  const REJECTED = { key: 'bot_rejected_by_portico', code: 32, label: 'Rejected' };
  // The list's order (most recently changed first): a draft, a bot taken off the network, a
  // registered draft at the carrier step, a launched bot.
  const DRAFT = bot(1, 'New draft', IN_PROGRESS);
  const OFF_NETWORK = bot(2, 'Taken off', REJECTED);
  const REGISTERED = bot(3, 'Registered draft', CARRIER_STEP);
  const LAUNCHED = bot(4, 'Launched bot', BOT.status);
  const endpointOf = (id: string | null) => ({
    api_type: 'google' as const,
    id_name: 'agentId',
    id,
    base_url: 'http://localhost:3000/api/v1/partner/rbm',
  });

  /** The bots and each bot's API info (an id when it is registered); the calls made. */
  function answer(bots: TBotListItem[], ids: Record<string, string | null>) {
    return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/secure/bots') return list(bots);
      const found = bots.find((b) => url === `/secure/bots/${b.bot_id}/credentials`);
      if (found)
        return {
          ...credentials([]),
          bot_id: found.bot_id,
          endpoints: [endpointOf(ids[found.bot_id] ?? null)],
        };
      const webhookOf = bots.find((b) => url === `/secure/bots/${b.bot_id}/webhook`);
      if (webhookOf) return { ...WEBHOOK, bot_id: webhookOf.bot_id };
      if (url === '/secure/partner-api/usage') return EMPTY_USAGE;
      return list([]);
    });
  }
  const botPicker = () => screen.findByRole('combobox', { name: 'Bot' }, { timeout: 5000 });
  const credentialCalls = (get: ReturnType<typeof answer>) =>
    get.mock.calls.map(([url]) => url).filter((url) => url.endsWith('/credentials'));

  it('when no bot is in the URL then the first bot registered on a network is shown, not a newer draft', async () => {
    const get = answer([DRAFT, OFF_NETWORK, REGISTERED, LAUNCHED], {
      [REGISTERED.bot_id]: 'registered_agent',
      [LAUNCHED.bot_id]: 'launched_agent',
    });
    renderApp('/u/api', { details: DEVELOPER });
    expect(chosen(await botPicker())).toBe('Registered draft');
    const section = await screen.findByRole('region', { name: 'Google API (RCS)' });
    expect(within(section).getByText('registered_agent')).toBeTruthy();
    // The draft in its details step is not asked about; the bot taken off the network is, and passed.
    const calls = credentialCalls(get);
    expect(calls).not.toContain(`/secure/bots/${DRAFT.bot_id}/credentials`);
    expect(calls).toContain(`/secure/bots/${OFF_NETWORK.bot_id}/credentials`);
    expect(calls).not.toContain(`/secure/bots/${LAUNCHED.bot_id}/credentials`);
  });

  it('when no bot can use the API then the first bot is shown', async () => {
    answer([DRAFT, OFF_NETWORK], {});
    renderApp('/u/api', { details: DEVELOPER });
    expect(chosen(await botPicker())).toBe('New draft');
  });

  it('when the URL names a bot then that bot is shown, even a draft, and nothing else is asked', async () => {
    const get = answer([DRAFT, REGISTERED], { [REGISTERED.bot_id]: 'registered_agent' });
    renderApp(`/u/api?botId=${DRAFT.bot_id}`, { details: DEVELOPER });
    expect(chosen(await botPicker())).toBe('New draft');
    await screen.findByRole('region', { name: 'Google API (RCS)' });
    expect(credentialCalls(get).every((url) => url === `/secure/bots/${DRAFT.bot_id}/credentials`)).toBe(
      true,
    );
  });
});

describe('the examples', () => {
  it('when the Google shape is served then the examples send an AgentMessage with a new messageId', () => {
    const examples = apiExamples({
      tokenUrl: TOKEN_URL,
      scope: 'bot:x',
      clientId: 'pci_a',
      endpoint: { api_type: 'google', id_name: 'agentId', id: 'chai_agent', base_url: 'https://p.example/r' },
    });
    expect(examples.curl).toContain(
      'curl -s -X POST "https://p.example/r/v1/phones/+919876543210/agentMessages?messageId=$(uuidgen)&agentId=chai_agent"',
    );
    expect(examples.node).toContain(`messageId=\${crypto.randomUUID()}&agentId=chai_agent\``);
    expect(examples.node).toContain('"contentMessage":{"text":"Hello from our server"');
  });

  it("when the GSMA shape is served then the examples send a MaaP RCSMessage with a new msgId to the bot's chatbot", () => {
    const examples = apiExamples({
      tokenUrl: TOKEN_URL,
      scope: 'bot:x',
      clientId: 'pci_a',
      endpoint: { api_type: 'gsma', id_name: 'botId', id: 'bot_chai', base_url: 'https://p.example/m' },
    });
    expect(examples.curl).toContain('curl -s -X POST "https://p.example/m/bot/v1/bot_chai/messages"');
    expect(examples.curl).toContain(
      `-d '{"RCSMessage":{"msgId":"'"$(uuidgen)"'","textMessage":"Hello from our server"`,
    );
    expect(examples.curl).toContain('"messageContact":{"userContact":"+919876543210"}}\'');
    expect(examples.node).toContain("fetch('https://p.example/m/bot/v1/bot_chai/messages'");
    expect(examples.node).toContain('body: JSON.stringify({"RCSMessage":{"msgId":crypto.randomUUID(),');
    expect(examples.node).toContain('"suggestedChipList":{"suggestions":[{"reply":{"displayText":"Thanks"');
  });

  it('when the shape is not served yet then only the token call is shown', () => {
    const examples = apiExamples({
      tokenUrl: TOKEN_URL,
      scope: 'bot:x',
      clientId: 'YOUR_CLIENT_ID',
      endpoint: { api_type: 'gsma', id_name: 'botId', id: 'chai', base_url: null },
    });
    expect(examples.curl).toBe(
      `curl -s -u "YOUR_CLIENT_ID:$CLIENT_SECRET" \\\n  -d grant_type=client_credentials -d scope=bot:x \\\n  ${TOKEN_URL}`,
    );
    expect(examples.node).toContain("grant_type: 'client_credentials', scope: 'bot:x'");
    expect(examples.node).not.toContain('messages');
  });

  it("when the WhatsApp shape is served then the Node example sends a text message in Meta's shape", () => {
    const examples = apiExamples({
      tokenUrl: TOKEN_URL,
      scope: 'bot:x',
      clientId: 'pci_a',
      endpoint: {
        api_type: 'whatsapp',
        id_name: 'phone-number-id',
        id: 'pn1',
        base_url: 'https://p.example/w',
      },
    });
    expect(examples.node).toContain("fetch('https://p.example/w/v21.0/pn1/messages'");
    expect(examples.node).toContain('"messaging_product":"whatsapp"');
    expect(examples.node).toContain(`Authorization: \`Bearer \${access_token}\``);
  });
});
