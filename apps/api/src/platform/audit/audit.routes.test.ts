import { MAX_LIST_WINDOW, ROLES, type TAuditLog } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';

const URL = '/api/v1/secure/audit-log';
let t: TestApp;

/** The records this file writes, oldest first; every email carries the tag so each filter sees only them. */
const TAG = 'audit-case';
const RECORDS = [
  {
    action: 'sign-in',
    actor: `Ana.${TAG}@Example.test`,
    subject: `ana.${TAG}@example.test`,
    at: '2026-03-01T09:00:00Z',
  },
  { action: 'sign-in.failed', actor: null, subject: `bo.${TAG}@example.test`, at: '2026-03-02T23:59:59Z' },
  {
    action: 'user.invited',
    actor: `ana.${TAG}@example.test`,
    subject: `cy.${TAG}@example.test`,
    at: '2026-03-03T00:00:00Z',
  },
  {
    action: 'role.changed',
    actor: `ana.${TAG}@example.test`,
    subject: `cy.${TAG}@example.test`,
    at: '2026-03-04T12:00:00Z',
  },
  {
    action: 'sign-in',
    actor: `100%_${TAG}@example.test`,
    subject: `100%_${TAG}@example.test`,
    at: '2026-03-05T08:30:00Z',
  },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const record of RECORDS) {
    await t.database.sql.query(
      `INSERT INTO audit_log (action, actor_email, subject_email, ip, detail, created_at)
       VALUES ($1, $2, $3, '203.0.113.7', $4, $5)`,
      [
        record.action,
        record.actor,
        record.subject,
        record.action === 'role.changed' ? JSON.stringify({ from: 'A', to: 'B' }) : null,
        record.at,
      ],
    );
  }
});
afterAll(() => t.close());

async function list(query: string, subject: (typeof ROLES)[keyof typeof ROLES] = ROLES.SUPER_ADMIN_PORTICO) {
  return t.injectAs(subject, { method: 'GET', url: `${URL}?${query}` });
}
async function records(query: string): Promise<TAuditLog> {
  return expectEnvelope(await list(query), 200).data as TAuditLog;
}
const subjects = (log: TAuditLog) => log.items.map((r) => r.subjectEmail);

describe('GET /api/v1/secure/audit-log', () => {
  it('when no token is sent then it answers 401', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: URL }), 401);
  });

  it('when a developer, a carrier or the marketing admin asks then it answers 403', async () => {
    for (const role of [ROLES.DEVELOPER, ROLES.ADMIN_BILLING, ROLES.USER_BILLING, ROLES.MARKETING_ADMIN]) {
      expect(expectEnvelope(await list('', role), 403).message).toBe('You are not allowed to do this.');
    }
    expectEnvelope(await t.injectAs(null, { method: 'GET', url: URL }), 403);
  });

  it('when a provider admin asks then the records come newest first, shaped without user ids', async () => {
    const log = await records(`email=${TAG}`);
    expect(log.total).toBe(RECORDS.length);
    expect(log.items.map((r) => r.createdAt)).toEqual(
      RECORDS.map((r) => new Date(r.at).toISOString()).reverse(),
    );
    expect(log.items[1]).toEqual({
      id: expect.any(Number),
      action: 'role.changed',
      actorEmail: `ana.${TAG}@example.test`,
      subjectEmail: `cy.${TAG}@example.test`,
      partnerId: null,
      ip: '203.0.113.7',
      detail: { from: 'A', to: 'B' },
      createdAt: '2026-03-04T12:00:00.000Z',
    });
    for (const role of [ROLES.ADMIN_PORTICO_READONLY, ROLES.ADMIN_PORTICO_READWRITE]) {
      expectEnvelope(await list(`email=${TAG}`, role), 200);
    }
  });

  it('when filtered by action then only that action is listed', async () => {
    const log = await records(`email=${TAG}&action=sign-in`);
    expect(log.total).toBe(2);
    expect(log.items.every((r) => r.action === 'sign-in')).toBe(true);
  });

  it('when filtered by email then part of the actor or the subject matches, in any case, taken literally', async () => {
    // The subject of two records, the actor of two more (one of them also the subject of the first).
    expect(subjects(await records(`email=ANA.${TAG}`))).toEqual([
      `cy.${TAG}@example.test`,
      `cy.${TAG}@example.test`,
      `ana.${TAG}@example.test`,
    ]);
    expect(subjects(await records(`email=${encodeURIComponent(`bo.${TAG}`)}`))).toEqual([
      `bo.${TAG}@example.test`,
    ]);
    // % and _ are not wildcards.
    expect((await records(`email=${encodeURIComponent('100%_')}`)).total).toBe(1);
    expect((await records(`email=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await records('email=nobody-matches-this')).total).toBe(0);
    // An empty email is no filter.
    expect((await records('email=')).total).toBeGreaterThanOrEqual(RECORDS.length);
  });

  it('when filtered by dates then from and to are whole UTC days, both included', async () => {
    const days = async (query: string) =>
      (await records(`email=${TAG}&${query}`)).items.map((r) => r.createdAt.slice(0, 10));
    expect(await days('from=2026-03-02&to=2026-03-03')).toEqual(['2026-03-03', '2026-03-02']);
    expect(await days('from=2026-03-04')).toEqual(['2026-03-05', '2026-03-04']);
    expect(await days('to=2026-03-01')).toEqual(['2026-03-01']);
    expect(await days('from=2026-03-03&to=2026-03-03&action=user.invited')).toEqual(['2026-03-03']);
  });

  it('when paged then each window holds its part and the total counts every match', async () => {
    const first = await records(`email=${TAG}&start=0&end=2`);
    const second = await records(`email=${TAG}&start=2&end=4`);
    const last = await records(`email=${TAG}&start=4&end=6`);
    expect([first.total, second.total, last.total]).toEqual([5, 5, 5]);
    expect([first.items.length, second.items.length, last.items.length]).toEqual([2, 2, 1]);
    const ids = [...first.items, ...second.items, ...last.items].map((r) => r.id);
    expect(new Set(ids).size).toBe(5);
    expect((await records(`email=${TAG}&start=10&end=20`)).items).toEqual([]);
  });

  it('when a filter or the window is malformed then it answers 400 and lists nothing', async () => {
    for (const query of [
      'from=2026-03-05&to=2026-03-01',
      'from=05/03/2026',
      'to=2026-02-30',
      'action=sign-up',
      `email=${'a'.repeat(255)}`,
      `start=0&end=${MAX_LIST_WINDOW + 1}`,
      'start=5&end=5',
    ]) {
      expectEnvelope(await list(query), 400);
    }
  });
});
