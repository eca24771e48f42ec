import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../../src/modules/accounts/accounts.repository.ts';
import { accountTokens } from '../../src/modules/accounts/accounts.schema.ts';
import { createAccountsService } from '../../src/modules/accounts/accounts.service.ts';
import { createManagedUsersRepository } from '../../src/modules/accounts/managed-users.repository.ts';
import { createManagedUsersService } from '../../src/modules/accounts/managed-users.service.ts';
import { createAuditRepository } from '../../src/platform/audit/audit.repository.ts';
import { auditLog } from '../../src/platform/audit/audit.schema.ts';
import { createAuditService } from '../../src/platform/audit/audit.service.ts';
import { hashPassword } from '../../src/platform/auth/password.ts';
import { accountState, users } from '../../src/platform/db/core.schema.ts';
import { createMailer } from '../../src/platform/mail/index.ts';
import { createCounters } from '../../src/platform/security/counters.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

class InjectedFailure extends Error {}

const mailJobs = async (to: string) => {
  const { rows } = await t.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1`,
    [to],
  );
  return rows[0]?.n ?? 0;
};

/**
 * Wraps the writes of a use case so the n-th one throws right after it succeeded: the failure
 * happens with that write (and every earlier one) already done inside the transaction.
 */
function failingAfter(n: number) {
  let writes = 0;
  const after = async <T>(result: T): Promise<T> => {
    writes += 1;
    if (writes === n) throw new InjectedFailure(`failure after write ${n}`);
    return result;
  };
  const wrap = <F extends (...args: never[]) => Promise<unknown>>(write: F): F =>
    (async (...args: Parameters<F>) => after(await write(...args))) as F;
  return { wrap, writes: () => writes };
}

describe('the database unit of work', () => {
  it('when the work throws then nothing it wrote or enqueued is committed', async () => {
    const email = 'rollback@unit-of-work.test';
    const partner = await t.factories.partner();
    await expect(
      t.database.transaction(async () => {
        await t.database.db.insert(users).values({ partnerId: partner.partnerId, email, status: 'active' });
        await t.server.jobs.send('mail.send', {
          to: email,
          template: 'password-changed',
          data: { when: 'now' },
        });
        throw new InjectedFailure('after both writes');
      }),
    ).rejects.toThrow(InjectedFailure);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailJobs(email)).toBe(0);
  });

  it('when the work completes then its rows and its jobs are committed together', async () => {
    const email = 'commit@unit-of-work.test';
    const partner = await t.factories.partner();
    await t.database.transaction(async () => {
      await t.database.db.insert(users).values({ partnerId: partner.partnerId, email, status: 'active' });
      await t.server.jobs.send('mail.send', {
        to: email,
        template: 'password-changed',
        data: { when: 'now' },
      });
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await mailJobs(email)).toBe(1);
  });

  it('when a nested unit fails and is caught then only its own writes are undone (a savepoint)', async () => {
    const partner = await t.factories.partner();
    const outer = 'outer@unit-of-work.test';
    const inner = 'inner@unit-of-work.test';
    await t.database.transaction(async () => {
      await t.database.db
        .insert(users)
        .values({ partnerId: partner.partnerId, email: outer, status: 'active' });
      await t.database
        .transaction(async () => {
          await t.database.db
            .insert(users)
            .values({ partnerId: partner.partnerId, email: inner, status: 'active' });
          throw new InjectedFailure('inner');
        })
        .catch(() => undefined);
    });
    const emails = (await t.database.db.select({ email: users.email }).from(users)).map((r) => r.email);
    expect(emails).toContain(outer);
    expect(emails).not.toContain(inner);
  });

  it("when a repository opens drizzle's own transaction inside a unit then it joins it", async () => {
    const partner = await t.factories.partner();
    const email = 'joined@unit-of-work.test';
    await expect(
      t.database.transaction(async () => {
        await t.database.db.transaction(async (tx) => {
          await tx.insert(users).values({ partnerId: partner.partnerId, email, status: 'active' });
        });
        throw new InjectedFailure('after the inner transaction committed its savepoint');
      }),
    ).rejects.toThrow(InjectedFailure);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('when raw SQL runs inside a unit then it sees and shares the unit', async () => {
    const partner = await t.factories.partner();
    const email = 'raw@unit-of-work.test';
    await expect(
      t.database.transaction(async () => {
        await t.database.sql.query('INSERT INTO users (partner_id, email, status) VALUES ($1, $2, $3)', [
          partner.partnerId,
          email,
          'active',
        ]);
        const { rows } = await t.database.sql.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM users WHERE email = $1',
          [email],
        );
        expect(rows[0]?.n).toBe(1);
        throw new InjectedFailure('after the raw insert');
      }),
    ).rejects.toThrow(InjectedFailure);
    const { rows } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE email = $1',
      [email],
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('use cases are one unit of work', () => {
  const audit = () => createAuditService(createAuditRepository(t.database.db), t.app.log);

  // Inviting writes the user, its link, the mail job and the security record: four writes.
  for (const failAt of [1, 2, 3, 4]) {
    it(`when inviting fails after write ${failAt} of 4 then no user, link, mail or record is left`, async () => {
      const owner = await t.factories.account(null);
      const email = `invitee-${failAt}@unit-of-work.test`;
      const fault = failingAfter(failAt);
      const repository = createManagedUsersRepository(t.database.db);
      const accounts = createAccountsRepository(t.database.db);
      const records = audit();
      const service = createManagedUsersService({
        database: t.database,
        repository: { ...repository, insertInvited: fault.wrap(repository.insertInvited) },
        accounts: { ...accounts, replaceToken: fault.wrap(accounts.replaceToken) },
        mail: fault.wrap(createMailer(t.server.jobs)),
        audit: { ...records, record: fault.wrap(records.record) },
        publicUrl: t.config.PUBLIC_URL,
        brandName: t.config.BRAND_NAME,
        forgetUser: () => {},
      });
      await expect(
        service.invite(
          {
            userId: owner.user.userId,
            partnerId: owner.partner.partnerId,
            email: owner.user.email,
            role: null,
          },
          { email, firstName: 'In', lastName: 'Vitee', role: 'CHILD_AGGREGATOR_READWRITE' },
          '203.0.113.9',
        ),
      ).rejects.toThrow(InjectedFailure);
      expect(fault.writes()).toBe(failAt);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await t.database.db.select().from(accountTokens).where(eq(accountTokens.email, email))).toEqual(
        [],
      );
      expect(
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'user.invited'), eq(auditLog.subjectEmail, email))),
      ).toEqual([]);
      expect(await mailJobs(email)).toBe(0);
    });
  }

  // Changing a password writes the new hash, the security record and the notice mail: three writes.
  for (const failAt of [1, 2, 3]) {
    it(`when changing a password fails after write ${failAt} of 3 then the old password, no record and no mail remain`, async () => {
      const account = await t.factories.account(null);
      const oldHash = await hashPassword('Old-Password-1!');
      await t.database.db
        .update(users)
        .set({ passwordHash: oldHash })
        .where(eq(users.userId, account.user.userId));
      const fault = failingAfter(failAt);
      const repository = createAccountsRepository(t.database.db);
      const records = audit();
      const service = createAccountsService({
        database: t.database,
        repository: { ...repository, changePassword: fault.wrap(repository.changePassword) },
        counters: createCounters(t.database.sql),
        mail: fault.wrap(createMailer(t.server.jobs)),
        audit: { ...records, record: fault.wrap(records.record) },
        publicUrl: t.config.PUBLIC_URL,
        forgetUser: () => {},
      });
      await expect(
        service.changePassword(
          {
            userId: account.user.userId,
            partnerId: account.partner.partnerId,
            email: account.user.email,
            role: null,
          },
          {
            currentPassword: 'Old-Password-1!',
            newPassword: 'New-Password-2!',
            confirmPassword: 'New-Password-2!',
          },
          '203.0.113.9',
        ),
      ).rejects.toThrow(InjectedFailure);
      const [row] = await t.database.db
        .select({ hash: users.passwordHash, validAfter: accountState.sessionsValidAfter })
        .from(users)
        .leftJoin(accountState, eq(accountState.userId, users.userId))
        .where(eq(users.userId, account.user.userId));
      expect(row?.hash).toBe(oldHash);
      expect(row?.validAfter ?? null).toBeNull();
      expect(
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(
            and(eq(auditLog.action, 'password.changed'), eq(auditLog.subjectUserId, account.user.userId)),
          ),
      ).toEqual([{ n: 0 }]);
      expect(await mailJobs(account.user.email)).toBe(0);
    });
  }
});
