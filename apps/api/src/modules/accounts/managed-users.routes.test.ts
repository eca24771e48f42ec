import { PROVIDER_APPROVED_STATUS, type TManagedUsers } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../../../test/factories.ts';
import {
  createTestApp,
  expectEnvelope,
  sheetRows,
  type TestApp,
  xsrfHeaders,
} from '../../../test/helpers.ts';

const S = '/api/v1/secure';
const STRONG = 'Str0ng!Passw0rd';
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { PORTICO_ROLE: 'all' } });
});
afterAll(() => t.close());

const email = () => `invitee-${Date.now()}-${n++}@users.test`;

async function as(token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
    ...(payload ? { payload } : {}),
  });
}

async function inviteMail(to: string): Promise<string> {
  for (let i = 0; i < 80; i++) {
    const { rows } = await t.database.sql.query<{ text: string }>(
      'SELECT text FROM dev_mailbox WHERE "to" = $1 AND template = \'invite\' ORDER BY id DESC LIMIT 1',
      [to],
    );
    if (rows[0]) return rows[0].text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation to ${to}`);
}
const tokenIn = (text: string) => /set-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

async function manager(role: Subject, partner: Parameters<TestApp['factories']['account']>[1] = {}) {
  const account = await t.factories.account(role, partner);
  return { ...account, token: await t.tokenFor(account.user.userId) };
}

describe('user management', () => {
  it('when ADMIN_BILLING invites a billing user then the mail link sets a password and the user becomes active', async () => {
    const admin = await manager('ADMIN_BILLING');
    const to = email();
    const invited = expectEnvelope(
      await as(admin.token, 'POST', `${S}/users/invite`, {
        email: to,
        firstName: 'Bill',
        lastName: 'Ing',
        role: 'USER_BILLING',
      }),
      200,
    );
    expect(invited.data).toMatchObject({ email: to });
    const text = await inviteMail(to);
    expect(text).toContain(`${admin.user.email} invited you to join Test Co on Portico as USER_BILLING.`);

    const list = expectEnvelope(await as(admin.token, 'GET', `${S}/users?start=0&end=30`), 200)
      .data as TManagedUsers;
    expect(list.assignableRoles).toEqual(['USER_BILLING', 'MANAGER_BILLING']);
    expect(list.total).toBe(2);
    expect(list.items.find((u) => u.email === to)).toMatchObject({
      role: 'USER_BILLING',
      status: 'invited',
      lastSignInAt: null,
      isSelf: false,
    });
    expect(list.items.find((u) => u.isSelf)?.email).toBe(admin.user.email);

    const token = tokenIn(text);
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/accept-invite',
      headers: xsrfHeaders(),
      payload: { token, password: STRONG, confirmPassword: STRONG },
    });
    expectEnvelope(accept, 200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/accept-invite',
      headers: xsrfHeaders(),
      payload: { token, password: STRONG, confirmPassword: STRONG },
    });
    expect(expectEnvelope(again, 410).message).toMatch(/already been used/);
    const { rows } = await t.database.sql.query<{ status: string }>(
      'SELECT status FROM users WHERE email = $1',
      [to],
    );
    expect(rows[0]?.status).toBe('active');
    const audit = await t.database.sql.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE subject_email = $1 ORDER BY id',
      [to],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['user.invited', 'user.activated']);
  });

  it('re-invite replaces the link; an active user cannot be re-invited; duplicates and foreign roles are refused', async () => {
    const admin = await manager('SUPER_ADMIN_PORTICO');
    const to = email();
    const invited = expectEnvelope(
      await as(admin.token, 'POST', `${S}/users/invite`, {
        email: to,
        firstName: 'A',
        lastName: 'D',
        role: 'ADMIN_PORTICO_READONLY',
      }),
      200,
    ).data as { userId: string };
    const first = tokenIn(await inviteMail(to));
    await t.database.sql.query('DELETE FROM dev_mailbox WHERE "to" = $1', [to]);
    expectEnvelope(await as(admin.token, 'POST', `${S}/users/${invited.userId}/reinvite`), 200);
    const second = tokenIn(await inviteMail(to));
    expect(second).not.toBe(first);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/accept-invite',
      headers: xsrfHeaders(),
      payload: { token: first, password: STRONG, confirmPassword: STRONG },
    });
    expectEnvelope(old, 404);

    const dup = await as(admin.token, 'POST', `${S}/users/invite`, {
      email: to,
      firstName: 'A',
      lastName: 'D',
      role: 'ADMIN_PORTICO_READONLY',
    });
    expect(expectEnvelope(dup, 409).message).toBe('A user with this email already exists.');
    const foreign = await as(admin.token, 'POST', `${S}/users/invite`, {
      email: email(),
      firstName: 'A',
      lastName: 'D',
      role: 'USER_BILLING',
    });
    expect(expectEnvelope(foreign, 403).message).toBe('You cannot give the role USER_BILLING.');
    const bad = await as(admin.token, 'POST', `${S}/users/invite`, {
      email: 'x',
      firstName: '',
      lastName: 'D',
      role: 'NOPE',
    });
    expectEnvelope(bad, 400);
    expectEnvelope(await as(admin.token, 'POST', `${S}/users/invite`), 400);

    expectEnvelope(
      await as(admin.token, 'PATCH', `${S}/users/${invited.userId}/role`, {
        role: 'ADMIN_PORTICO_READWRITE',
      }),
      200,
    );
    const self = await as(admin.token, 'DELETE', `${S}/users/${admin.user.userId}`);
    expect(expectEnvelope(self, 409).message).toBe('You cannot change your own account here.');
  });

  it('a developer manages child users only once approved; the read-only child sees the list but cannot change it', async () => {
    const pending = await manager(null, {
      partner: { isAggregator: true, launchApproved: false, approvalStatus: null },
    });
    const refused = await as(pending.token, 'POST', `${S}/users/invite`, {
      email: email(),
      firstName: 'C',
      lastName: 'U',
      role: 'CHILD_AGGREGATOR_READONLY',
    });
    expect(expectEnvelope(refused, 403).message).toMatch(/until your aggregator launch is approved/);
    const pendingList = expectEnvelope(await as(pending.token, 'GET', `${S}/users`), 200)
      .data as TManagedUsers;
    expect(pendingList.assignableRoles).toEqual([]);

    const owner = await manager(null, {
      partner: { isAggregator: true, launchApproved: true, approvalStatus: PROVIDER_APPROVED_STATUS },
    });
    const readonly = await t.factories.user(owner.partner.partnerId, { role: 'CHILD_AGGREGATOR_READONLY' });
    const readonlyToken = await t.tokenFor(readonly.userId);
    const list = expectEnvelope(await as(readonlyToken, 'GET', `${S}/users`), 200).data as TManagedUsers;
    expect(list.total).toBe(2);
    expect(list.assignableRoles).toEqual([]);
    expect(
      expectEnvelope(
        await as(readonlyToken, 'POST', `${S}/users/invite`, {
          email: email(),
          firstName: 'C',
          lastName: 'U',
          role: 'CHILD_AGGREGATOR_READONLY',
        }),
        403,
      ).message,
    ).toBe('You are not allowed to do this.');
    expectEnvelope(await as(readonlyToken, 'DELETE', `${S}/users/${owner.user.userId}`), 403);

    // The owner deletes the child: the child's token stops working at once.
    expectEnvelope(await as(readonlyToken, 'GET', `${S}/partner-details`), 200);
    expectEnvelope(await as(owner.token, 'DELETE', `${S}/users/${readonly.userId}`), 200);
    expectEnvelope(await as(readonlyToken, 'GET', `${S}/partner-details`), 401);
  });

  it('when the deleted user left history (a top-up they started) then the history stays, without its author', async () => {
    const owner = await manager(null, {
      partner: { isAggregator: true, launchApproved: true, approvalStatus: PROVIDER_APPROVED_STATUS },
    });
    const child = await t.factories.user(owner.partner.partnerId, { role: 'CHILD_AGGREGATOR_READWRITE' });
    const { rows } = await t.database.sql.query<{ topup_id: string }>(
      `INSERT INTO wallet_topups (partner_id, user_id, amount, currency, provider, status)
       VALUES ($1, $2, 10000000, 'INR', 'sandbox', 'abandoned') RETURNING topup_id`,
      [owner.partner.partnerId, child.userId],
    );
    expectEnvelope(await as(owner.token, 'DELETE', `${S}/users/${child.userId}`), 200);
    const after = await t.database.sql.query<{ user_id: string | null }>(
      'SELECT user_id FROM wallet_topups WHERE topup_id = $1',
      [rows[0]?.topup_id],
    );
    expect(after.rows).toEqual([{ user_id: null }]);
  });

  it("when a developer owner changes a child user's role then the child has it at once and the security records keep from and to", async () => {
    const owner = await manager(null, {
      partner: { isAggregator: true, launchApproved: true, approvalStatus: PROVIDER_APPROVED_STATUS },
    });
    const child = await t.factories.user(owner.partner.partnerId, { role: 'CHILD_AGGREGATOR_READONLY' });
    const childToken = await t.tokenFor(child.userId);
    const before = expectEnvelope(await as(childToken, 'GET', `${S}/partner-details`), 200).data as {
      partners_profile: { role: string };
    };
    expect(before.partners_profile.role).toBe('CHILD_AGGREGATOR_READONLY');

    const changed = await as(owner.token, 'PATCH', `${S}/users/${child.userId}/role`, {
      role: 'CHILD_AGGREGATOR_READWRITE',
    });
    expect(expectEnvelope(changed, 200).message).toBe('Role changed');
    const list = expectEnvelope(await as(owner.token, 'GET', `${S}/users`), 200).data as TManagedUsers;
    expect(list.items.find((u) => u.userId === child.userId)?.role).toBe('CHILD_AGGREGATOR_READWRITE');
    const after = expectEnvelope(await as(childToken, 'GET', `${S}/partner-details`), 200).data as {
      partners_profile: { role: string };
    };
    expect(after.partners_profile.role).toBe('CHILD_AGGREGATOR_READWRITE');
    const { rows } = await t.database.sql.query<{ actor_email: string; ip: string; detail: unknown }>(
      "SELECT actor_email, ip, detail FROM audit_log WHERE action = 'role.changed' AND subject_user_id = $1",
      [child.userId],
    );
    expect(rows).toEqual([
      {
        actor_email: owner.user.email,
        ip: '127.0.0.1',
        detail: { from: 'CHILD_AGGREGATOR_READONLY', to: 'CHILD_AGGREGATOR_READWRITE' },
      },
    ]);

    // Nobody changes their own role, gives a role outside their set, or a role no manager gives.
    const self = await as(owner.token, 'PATCH', `${S}/users/${owner.user.userId}/role`, {
      role: 'CHILD_AGGREGATOR_READONLY',
    });
    expect(expectEnvelope(self, 409).message).toBe('You cannot change your own account here.');
    const foreign = await as(owner.token, 'PATCH', `${S}/users/${child.userId}/role`, {
      role: 'USER_BILLING',
    });
    expect(expectEnvelope(foreign, 403).message).toBe('You cannot give the role USER_BILLING.');
    expectEnvelope(
      await as(owner.token, 'PATCH', `${S}/users/${child.userId}/role`, { role: 'DEVELOPER' }),
      400,
    );
    // A read-write child may not manage users either.
    expectEnvelope(
      await as(childToken, 'PATCH', `${S}/users/${child.userId}/role`, { role: 'CHILD_AGGREGATOR_READONLY' }),
      403,
    );
  });

  it('when the super admin changes a peer super admin then it is refused', async () => {
    const admin = await manager('SUPER_ADMIN_PORTICO');
    const peer = await t.factories.user(admin.partner.partnerId, { role: 'SUPER_ADMIN_PORTICO' });
    const refused = await as(admin.token, 'PATCH', `${S}/users/${peer.userId}/role`, {
      role: 'ADMIN_PORTICO_READONLY',
    });
    expect(expectEnvelope(refused, 403).message).toBe('You cannot give the role SUPER_ADMIN_PORTICO.');
  });

  it("never reaches another organisation's users", async () => {
    const a = await manager('ADMIN_BILLING');
    const b = await manager('ADMIN_BILLING');
    const bUser = await t.factories.user(b.partner.partnerId, { role: 'USER_BILLING' });
    expectEnvelope(await as(a.token, 'DELETE', `${S}/users/${bUser.userId}`), 404);
    expectEnvelope(await as(a.token, 'POST', `${S}/users/${bUser.userId}/reinvite`), 404);
    const list = expectEnvelope(await as(a.token, 'GET', `${S}/users`), 200).data as TManagedUsers;
    expect(list.items.map((u) => u.userId)).not.toContain(bUser.userId);
  });
});

describe('users list: search, sort and export', () => {
  it('when the list is searched and sorted then only matching users come back, in that order', async () => {
    const admin = await manager('ADMIN_BILLING');
    const partnerId = admin.partner.partnerId;
    await t.factories.user(partnerId, { role: 'USER_BILLING', firstName: 'Zoe', lastName: 'Quinn' });
    await t.factories.user(partnerId, { role: 'MANAGER_BILLING', firstName: 'Adam', lastName: 'Quist' });
    await t.factories.user(partnerId, { role: 'USER_BILLING', firstName: 'Mona', lastName: 'Lisa' });
    const list = async (query: string) =>
      (
        expectEnvelope(await as(admin.token, 'GET', `${S}/users?${query}`), 200).data as TManagedUsers
      ).items.map((u) => u.firstName);
    expect(await list('search=qui&sort=name&order=asc')).toEqual(['Adam', 'Zoe']);
    expect(await list('search=qui&sort=name&order=desc')).toEqual(['Zoe', 'Adam']);
    expect(await list('search=QUINN')).toEqual(['Zoe']);
    expect(await list('sort=role&order=asc&search=Q')).toEqual(['Adam', 'Zoe']);
    // A search by part of an email.
    const [first] = await list(`search=${encodeURIComponent(admin.user.email.slice(0, 12))}`);
    expect(first).toBe(admin.user.firstName);
  });

  it('when the sort or the search is not one the list knows then the answer is a 400 saying so', async () => {
    const admin = await manager('ADMIN_BILLING');
    const bad = expectEnvelope(await as(admin.token, 'GET', `${S}/users?sort=password`), 400);
    expect(JSON.stringify(bad)).toMatch(
      /sort must be one of created_at, name, email, role, status, last_sign_in_at/,
    );
    expectEnvelope(await as(admin.token, 'GET', `${S}/users?order=sideways`), 400);
    expectEnvelope(await as(admin.token, 'GET', `${S}/users/export?format=csv`), 400);
    expectEnvelope(await as(admin.token, 'GET', `${S}/users/export?format=xlsx&sort=nope`), 400);
  });

  it('when the users are exported then the file holds the searched users of the caller only, in words', async () => {
    const admin = await manager('ADMIN_BILLING');
    await t.factories.user(admin.partner.partnerId, {
      role: 'USER_BILLING',
      firstName: 'Export',
      lastName: 'Me',
    });
    const other = await manager('ADMIN_BILLING');
    await t.factories.user(other.partner.partnerId, {
      role: 'USER_BILLING',
      firstName: 'Export',
      lastName: 'Other',
    });
    const pdf = await as(admin.token, 'GET', `${S}/users/export?format=pdf&search=export`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const xlsx = await as(admin.token, 'GET', `${S}/users/export?format=xlsx&search=export`);
    expect(xlsx.statusCode).toBe(200);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Email', 'Role', 'Status', 'Last sign-in (UTC)']);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[4]])).toEqual([
      ['Export Me', 'Billing user', 'Never'],
    ]);
  });
});

describe('audit log', () => {
  it('when the records are sorted by action or exported then the order and the sentences follow', async () => {
    const admin = await manager('ADMIN_PORTICO_READONLY');
    const asc = expectEnvelope(
      await as(admin.token, 'GET', `${S}/audit-log?sort=action&order=asc&end=500`),
      200,
    ).data as { items: { action: string }[] };
    const actions = asc.items.map((r) => r.action);
    expect(actions).toEqual([...actions].sort());
    expectEnvelope(await as(admin.token, 'GET', `${S}/audit-log?sort=ip`), 400);
    expectEnvelope(
      await as(admin.token, 'GET', `${S}/audit-log/export?format=xlsx&from=2026-02-02&to=2026-02-01`),
      400,
    );
    const xlsx = await as(admin.token, 'GET', `${S}/audit-log/export?format=xlsx&action=user.invited`);
    expect(xlsx.statusCode).toBe(200);
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['When (UTC)', 'Action', 'What happened', 'IP address']);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(row[1]).toBe('User invited');
      expect(String(row[2])).toMatch(/ invited .+@.+ as [A-Z][a-z]/);
    }
    const pdf = await as(admin.token, 'GET', `${S}/audit-log/export?format=pdf&sort=action`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const carrier = await manager('ADMIN_BILLING');
    expectEnvelope(await as(carrier.token, 'GET', `${S}/audit-log/export?format=pdf`), 403);
  });

  it('is readable by provider admins only, filtered by action', async () => {
    const admin = await manager('ADMIN_PORTICO_READONLY');
    const body = expectEnvelope(
      await as(admin.token, 'GET', `${S}/audit-log?start=0&end=10&action=user.invited`),
      200,
    );
    const data = body.data as { items: { action: string }[]; total: number };
    expect(data.items.every((r) => r.action === 'user.invited')).toBe(true);
    expect(data.total).toBeGreaterThan(0);
    const carrier = await manager('ADMIN_BILLING');
    expectEnvelope(await as(carrier.token, 'GET', `${S}/audit-log`), 403);
  });
});
