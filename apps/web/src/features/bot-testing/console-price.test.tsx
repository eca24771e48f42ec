import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { ConversationPanel } from './components/ConversationPanel';

// The live stream needs a server; the price line does not.
vi.mock('./api/console-stream', () => ({ useConsoleStream: () => 'live' }));

const BOT_ID = 'b-1';
const DEVICE_ID = 'd-1';
const DEVICE = {
  device_id: DEVICE_ID,
  bot_id: BOT_ID,
  channel: 'rcs',
  msisdn: '+919810012345',
  invite_status: 'ACCEPTED',
  capable: true,
  features: [],
  checked_at: null,
  invited_at: null,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
};

function renderPanel(price: () => unknown) {
  const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === `/secure/bots/${BOT_ID}/test-devices/${DEVICE_ID}/conversation`)
      return { device: DEVICE, items: [] };
    if (url === `/secure/bots/${BOT_ID}/test-devices/${DEVICE_ID}/price`) return price();
    throw new Error(`unexpected GET ${url}`);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConversationPanel botId={BOT_ID} deviceId={DEVICE_ID} />
    </QueryClientProvider>,
  );
  return get;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the console price line', () => {
  it('when the bot is Promotional then the console says what each message costs when live, and that tests are free', async () => {
    renderPanel(() => ({ price: '0.004', currency: 'USD', priced_as: 'Promotional', charged: false }));
    const line = await screen.findByTestId('console-price');
    expect(line.textContent).toBe(
      'Price per message when live: $0.004 (Promotional). Test messages are not charged.',
    );
  });

  it('when nothing prices the device then no price is shown and the conversation still is', async () => {
    renderPanel(() => {
      throw new Error('This recipient cannot be priced');
    });
    expect(await screen.findByRole('heading', { name: 'Conversation with +919810012345' })).toBeTruthy();
    expect(screen.queryByTestId('console-price')).toBeNull();
  });
});
