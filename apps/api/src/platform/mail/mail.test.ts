import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, WITHOUT_SANDBOX_ENV } from '../../../test/helpers.ts';
import { enqueueMail } from './index.ts';
import { renderMail } from './templates.ts';

interface Received {
  to: string;
  raw: string;
}

describe('mail over SMTP (a real SMTP server receives it)', () => {
  let smtp: SMTPServer;
  let t: TestApp;
  const received: Received[] = [];
  let refuseNext = 1;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        // The first delivery fails (a temporary error): the job must retry it.
        if (refuseNext > 0) {
          refuseNext--;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      env: { PORTICO_ROLE: 'all', SMTP_URL: `smtp://127.0.0.1:${port}`, BRAND_NAME: 'Acme Connect' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('when a mail is enqueued then the job sends text and HTML with the brand, retrying a temporary failure', async () => {
    await enqueueMail(t.server.jobs, {
      to: 'someone@smtp.test',
      template: 'verify-email',
      data: { link: 'http://localhost:3000/verify-email?token=abc', expiresInHours: '24' },
    });
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.to).toBe('someone@smtp.test');
    expect(mail?.raw).toContain('Subject: Verify your email for Acme Connect');
    expect(mail?.raw).toContain('Content-Type: text/plain');
    expect(mail?.raw).toContain('Content-Type: text/html');
    expect(mail?.raw).toContain('From: Acme Connect <no-reply@portico.example>');
    expect(refuseNext).toBe(0);
    // Nothing was filed in the dev mailbox, and it is not served when SMTP is configured.
    const { rows } = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM dev_mailbox');
    expect(rows[0]?.n).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).body).not.toContain('Dev mailbox');
  });
});

describe('dev mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PORTICO_ROLE: 'all' } });
  });
  afterAll(() => t.close());

  it('when mail is sent without SMTP then /dev/mailbox shows it with clickable links, and the JSON lists it', async () => {
    await enqueueMail(t.server.jobs, {
      to: 'dev@mailbox.test',
      template: 'verify-email',
      data: { link: 'http://localhost:3000/verify-email?token=xyz<b>', expiresInHours: '24' },
    });
    let total = 0;
    for (let i = 0; i < 100 && total === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const body = expectEnvelope(
        await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=DEV@mailbox.test' }),
        200,
      );
      total = (body.data as { total: number }).total;
    }
    expect(total).toBe(1);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=dev@mailbox.test' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Verify your email for Portico');
    expect(page.body).toContain('<a href="http://localhost:3000/verify-email?token=xyz&lt;b&gt;">');
    expect(page.body).not.toContain('xyz<b>');
  });

  it('without DEMO or SANDBOX the dev mailbox is not served', async () => {
    const prod = await createTestApp({
      env: { ...WITHOUT_SANDBOX_ENV, SMTP_URL: '', NODE_ENV: 'development' },
    });
    try {
      // Whatever answers (the SPA's fallback when the web app is built, or 404), it is not the mailbox.
      const page = await prod.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.body).not.toContain('Dev mailbox');
      const messages = await prod.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
      expect(messages.body).not.toContain('"items"');
    } finally {
      await prod.close();
    }
  });
});

describe('templates', () => {
  it('escape data in HTML and refuse missing data', () => {
    const mail = renderMail(
      'invite',
      {
        link: 'https://x.test/?a=1&b=2',
        inviterName: '<Eve>',
        organisation: 'Org',
        role: 'USER_BILLING',
        expiresInHours: '72',
      },
      { brandName: 'Portico', publicUrl: 'https://x.test' },
    );
    expect(mail.html).toContain('&lt;Eve&gt; invited you');
    expect(mail.html).toContain('href="https://x.test/?a=1&amp;b=2"');
    expect(mail.text).toContain('Set your password: https://x.test/?a=1&b=2');
    expect(() => renderMail('invite', { link: 'x' }, { brandName: 'P', publicUrl: 'u' })).toThrow(
      /needs inviterName/,
    );
  });
});
