import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WhatsAppAPI } from 'whatsapp-api-js';
import { type StoredEvent, signedDelivery } from './webhook-shapes.ts';

/**
 * The events a partner receives are verified by the partner's own client library, unchanged: for
 * WhatsApp, the widely used `whatsapp-api-js` receiver (`post` checks X-Hub-Signature-256 the way
 * Meta documents it: HMAC-SHA256 of the payload in escaped-unicode form, then parses the change).
 */
const SECRET = 'partner-app-secret-partner-app-secret';

const userMessage = (text: string): StoredEvent => ({
  network: 'whatsapp',
  address: 'pn-123',
  msisdn: '+919810012345',
  event: {
    from: '919810012345',
    id: 'wamid.HBgLOTE5ODEwMDEyMzQ1',
    timestamp: '1732600000',
    type: 'text',
    text: { body: text },
  },
});

async function receivedByClient(stored: StoredEvent) {
  const { body, headers } = signedDelivery(stored, SECRET, 'delivery-1');
  const client = new WhatsAppAPI({ token: 'unused', appSecret: SECRET });
  const seen: string[] = [];
  client.on.message = ({ phoneID, message }) => {
    seen.push(`${phoneID}: ${message.type === 'text' ? message.text.body : message.type}`);
  };
  const signature = headers['x-hub-signature-256'] ?? '';
  await client.post(JSON.parse(body), body, signature);
  return { seen, body, signature };
}

describe("WhatsApp deliveries, as Meta's receivers verify them", () => {
  it('when a plain ASCII message is delivered then the client library verifies and parses it', async () => {
    const { seen } = await receivedByClient(userMessage('Hello there'));
    expect(seen).toEqual(['pn-123: Hello there']);
  });

  it('when a message has emoji and accents then the body is escaped unicode and the signature still verifies', async () => {
    const text = 'Namaste 🙏 — café';
    const { seen, body, signature } = await receivedByClient(userMessage(text));
    expect(seen).toEqual([`pn-123: ${text}`]);
    // Meta posts escaped unicode (lowercase hex) and signs those bytes: a receiver that checks the
    // raw body, without the library's escaping, agrees too.
    expect(body).toMatch(/^[\0-~]*$/);
    expect(body).toContain('\\ud83d\\ude4f');
    expect(signature).toBe(`sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`);
  });

  it('when the signature was made with another secret then the client library refuses the delivery', async () => {
    const { body, headers } = signedDelivery(userMessage('Hello'), 'another-secret-another-secret', 'd');
    const client = new WhatsAppAPI({ token: 'unused', appSecret: SECRET });
    await expect(client.post(JSON.parse(body), body, headers['x-hub-signature-256'] ?? '')).rejects.toThrow();
  });
});

describe('WhatsApp statuses, with the business number network-messages kept', () => {
  it("when a stored status carries Meta's metadata then the delivery puts it back in value.metadata and posts the status as Meta does", async () => {
    const status = {
      id: 'wamid.ABC',
      status: 'delivered',
      timestamp: '1732600000',
      recipient_id: '919810012345',
    };
    const metadata = { display_phone_number: '15550001111', phone_number_id: 'pn-123' };
    const { body } = signedDelivery(
      { network: 'whatsapp', address: 'pn-123', msisdn: '+919810012345', event: { ...status, metadata } },
      SECRET,
      'delivery-2',
    );
    const value = (JSON.parse(body) as { entry: { changes: { value: Record<string, unknown> }[] }[] })
      .entry[0]?.changes[0]?.value;
    expect(value).toEqual({ messaging_product: 'whatsapp', metadata, statuses: [status] });
  });
});
