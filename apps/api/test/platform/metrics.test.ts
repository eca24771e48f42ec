import { CHANNEL_TYPE } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlatformConfig } from '../../src/platform/config.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  fundedDeveloper,
} from '../partner-api.ts';

// Issue 30, point 3: Prometheus metrics at /metrics behind METRICS_TOKEN, scraped here before and
// after some traffic (requests, a partner API send through the connector, its settlement).

const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;

beforeAll(async () => {
  // Workers too (role all): the settlement that charges the send runs as a job.
  t = await createPartnerApiApp({ METRICS_TOKEN: TOKEN, PORTICO_ROLE: 'all' });
});
afterAll(() => t.close());

async function scrape(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one series (`name{labels}`, labels in the order prom-client writes them); 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('when called without the token or with a wrong one then 401, and its own routes are not exposed', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expectEnvelope(none, 401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all-0000' },
    });
    expectEnvelope(wrong, 401);
    expect(wrong.body).not.toContain('portico_http_requests_total');
  });

  it('when METRICS_TOKEN is unset then /metrics answers 404', async () => {
    const plain = await createTestApp();
    try {
      expectEnvelope(await plain.app.inject({ method: 'GET', url: '/metrics' }), 404);
      const withToken = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expectEnvelope(withToken, 404);
    } finally {
      await plain.close();
    }
    // A second app on this loaded machine: its start can take a while.
  }, 120_000);

  it('when METRICS_TOKEN is too short then the configuration names it', () => {
    expect(() => loadPlatformConfig({ SANDBOX: '1', METRICS_TOKEN: 'short' }, [])).toThrow(
      /METRICS_TOKEN: .*16/,
    );
    expect(loadPlatformConfig({ SANDBOX: '1', METRICS_TOKEN: '' }, []).METRICS_TOKEN).toBeUndefined();
  });

  it('when requests, a partner API send and its settlement happen then the figures move', async () => {
    const before = await scrape();
    // The process's own figures, the database pool and the queues are there from the first scrape.
    expect(before).toContain('nodejs_eventloop_lag_seconds');
    expect(before).toMatch(/^portico_db_pool_connections\{state="total"\} [1-9]/m);
    expect(before).toMatch(/^portico_job_queue_waiting\{queue="metering\.settle"\} \d+/m);
    expect(before).toContain('portico_sse_connections{feed="console"} 0');

    const health = 'portico_http_requests_total{method="GET",route="/healthz",status="200"}';
    const healthCount =
      'portico_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}';
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    }

    // A partner API send (WhatsApp shape), through the connector to the mounted sandbox.
    const { partnerId, developerToken } = await fundedDeveloper(t);
    const bot = await botWithAccessToken(
      t,
      { id: partnerId, token: developerToken },
      { channels: [CHANNEL_TYPE.whatsapp], name: 'Metrics bot', whatsappPhoneNumberId: 'pn-metrics-1' },
      { clientAuth: 'form' },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/partner/whatsapp/v21.0/pn-metrics-1/messages',
      headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' },
      payload: {
        messaging_product: 'whatsapp',
        to: AIRTEL_RECIPIENT.slice(1),
        type: 'text',
        text: { body: 'counted' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const after = await scrape();
    expect(value(after, health)).toBe(value(before, health) + 3);
    expect(value(after, healthCount)).toBe(value(before, healthCount) + 3);
    // The route's pattern, never the URL (the phone number id stays out of the labels).
    expect(after).toContain(
      'portico_http_requests_total{method="POST",route="/api/v1/partner/whatsapp/:version/:phoneNumberId/messages",status="200"} 1',
    );
    expect(after).not.toContain('pn-metrics-1');
    expect(value(after, 'portico_partner_sends_total{network="whatsapp",outcome="sent"}')).toBe(1);
    expect(value(after, 'portico_connector_calls_total{network="whatsapp",outcome="ok"}')).toBeGreaterThan(
      value(before, 'portico_connector_calls_total{network="whatsapp",outcome="ok"}'),
    );
    expect(
      value(after, 'portico_connector_call_duration_seconds_count{network="whatsapp",outcome="ok"}'),
    ).toBeGreaterThan(0);

    // The settlement job charges it: the charge counters move (the job runs on this process's workers).
    await t.server.jobs.boss()?.send('metering.settle', {});
    let charged = 0;
    for (let i = 0; i < 60 && charged === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      charged = value(await scrape(), 'portico_metering_charged_messages_total');
    }
    expect(charged).toBe(1);
    const last = await scrape();
    expect(value(last, 'portico_metering_charged_micros_total')).toBeGreaterThan(0);
    expect(value(last, 'portico_job_wait_seconds_count{queue="metering.settle"}')).toBeGreaterThan(0);
  });
});
