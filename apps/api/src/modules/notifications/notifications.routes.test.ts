import { ROLES, ZNotification, ZNotificationCount, ZNotificationList } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createMailer, type MailListener } from '../../platform/mail/index.ts';
import { notificationsModule } from './notifications.module.ts';
import type { NotificationsService } from './notifications.service.ts';

/**
 * The notification centre end to end: a queued mail of a review decision, a review waiting or a low
 * balance becomes the addressee's notification in the mail's unit of work (and nothing when the unit
 * fails); the user lists, counts and marks their own; another user's notification is a 404.
 */

const S = '/api/v1/secure';
let t: TestApp;
let developer: Account & { token: string };
let stranger: Account & { token: string };
let service: NotificationsService;
let mail: ReturnType<typeof createMailer>;

beforeAll(async () => {
  t = await createTestApp();
  developer = await t.accountOf(ROLES.DEVELOPER);
  const strangerAccount = await t.factories.account(ROLES.DEVELOPER);
  stranger = { ...strangerAccount, token: await t.tokenFor(strangerAccount.user.userId) };
  // The module as the server creates it, its mail listener caught for a mailer of this test's own.
  const listeners: MailListener[] = [];
  const parts = await notificationsModule.create({
    database: t.database,
    onMailQueued: (listener: MailListener) => listeners.push(listener),
  } as unknown as Parameters<typeof notificationsModule.create>[0]);
  service = parts.service as NotificationsService;
  mail = createMailer(t.server.jobs, listeners);
});
afterAll(() => t.close());

function call(who: { token: string }, options: InjectOptions) {
  return t.app.inject({ ...options, headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders() } });
}

async function list(who: { token: string }, query = '') {
  const response = await call(who, { method: 'GET', url: `${S}/notifications${query}` });
  return ZNotificationList.parse(expectEnvelope(response, 200).data);
}

describe('notifications from mails', () => {
  it('when a review decision is mailed then the addressee has a notification linking to its portal page', async () => {
    await t.database.transaction(() =>
      mail({
        to: developer.user.email.toUpperCase(),
        template: 'review-decision',
        data: {
          subject: 'Template order_update',
          decision: 'Approved',
          state: 'Approved',
          reason: '',
          link: `${t.config.PUBLIC_URL}/u/view-template-details?templateId=t-1`,
        },
      }),
    );
    const { items, unread, total } = await list(developer);
    expect(total).toBe(1);
    expect(unread).toBe(1);
    expect(items[0]).toMatchObject({
      kind: 'review_decision',
      title: 'Template order_update: Approved',
      body: 'It is now approved.',
      link: '/u/view-template-details?templateId=t-1',
      read_at: null,
    });
  });

  it('when the unit of work of the mail fails then no notification is left', async () => {
    await expect(
      t.database.transaction(async () => {
        await mail({
          to: developer.user.email,
          template: 'low-balance',
          data: { balance: '₹10.00', threshold: '₹100.00', walletUrl: `${t.config.PUBLIC_URL}/u/my-wallet` },
        });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect((await list(developer)).total).toBe(1);
  });

  it('when a mail is not a notification (sign-up) or has no user then nothing is written', async () => {
    await mail({
      to: developer.user.email,
      template: 'verify-email',
      data: { link: 'x', expiresInHours: '24' },
    });
    await mail({
      to: 'nobody@portico.test',
      template: 'low-balance',
      data: { balance: '1', threshold: '2', walletUrl: '/u/my-wallet' },
    });
    expect((await list(developer)).total).toBe(1);
  });
});

describe('the notification centre', () => {
  it('when a user has many notifications then they come newest first, in windows, unread only on request', async () => {
    for (let n = 1; n <= 5; n += 1) {
      // Apart in time: notifications made in the same instant have no order between them.
      await new Promise((resolve) => setTimeout(resolve, 3));
      await service.notify(stranger.user.userId, {
        kind: 'review_waiting',
        title: `Launch ${n} waits for your review`,
        body: '',
        link: '/admin/bots',
      });
    }
    const first = await list(stranger, '?start=0&end=2');
    expect(first.total).toBe(5);
    expect(first.unread).toBe(5);
    expect(first.items.map((item) => item.title)).toEqual([
      'Launch 5 waits for your review',
      'Launch 4 waits for your review',
    ]);
    const second = await list(stranger, '?start=2&end=4');
    expect(second.items.map((item) => item.title)).toEqual([
      'Launch 3 waits for your review',
      'Launch 2 waits for your review',
    ]);

    const target = first.items[1];
    if (!target) throw new Error('no notification');
    const marked = await call(stranger, { method: 'POST', url: `${S}/notifications/${target.id}/read` });
    expect(ZNotification.parse(expectEnvelope(marked, 200).data).read_at).not.toBeNull();
    const count = await call(stranger, { method: 'GET', url: `${S}/notifications/unread-count` });
    expect(ZNotificationCount.parse(expectEnvelope(count, 200).data)).toEqual({ unread: 4 });
    expect((await list(stranger, '?unread=true')).items.map((item) => item.id)).not.toContain(target.id);
  });

  it("when a user marks another user's notification read then it is not found, and it stays unread", async () => {
    const [theirs] = (await list(developer)).items;
    if (!theirs) throw new Error('no notification');
    const response = await call(stranger, { method: 'POST', url: `${S}/notifications/${theirs.id}/read` });
    expect(expectEnvelope(response, 404).message).toBe('Notification not found.');
    expect((await list(developer)).items[0]?.read_at).toBeNull();
  });

  it('when a user marks all read then none of theirs is unread, and nobody else’s changes', async () => {
    const response = await call(stranger, { method: 'POST', url: `${S}/notifications/read-all` });
    expect(ZNotificationCount.parse(expectEnvelope(response, 200).data)).toEqual({ unread: 0 });
    expect((await list(stranger)).unread).toBe(0);
    expect((await list(developer)).unread).toBe(1);
  });

  it('when the id is not a uuid then the answer is a 400 naming it', async () => {
    const response = await call(stranger, { method: 'POST', url: `${S}/notifications/not-an-id/read` });
    expect(response.statusCode).toBe(400);
  });
});
