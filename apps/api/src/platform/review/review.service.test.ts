import { defineReviewMachine, ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { AuthenticatedUser } from '../auth/types.ts';
import { AppError } from '../http/errors.ts';
import { createMailer } from '../mail/index.ts';
import { createReviewRepository } from './review.repository.ts';
import { createReviewService, type ReviewService } from './review.service.ts';

const machine = defineReviewMachine({
  subject: 'sample',
  noun: 'sample',
  states: {
    submitted: { code: 6, label: 'Submitted' },
    forwarded: { code: 30, label: 'Forwarded' },
    approved: { code: 31, label: 'Approved' },
    rejected: { code: 32, label: 'Rejected' },
  },
  transitions: {
    forward: {
      from: ['submitted'],
      to: 'forwarded',
      permission: 'rate-plans.write',
      reasonRequired: false,
      label: 'Forwarded to the carriers',
    },
    approve: {
      from: ['submitted', 'forwarded'],
      to: 'approved',
      permission: 'rate-plans.write',
      reasonRequired: false,
      label: 'Approved',
    },
    reject: {
      from: ['submitted', 'forwarded'],
      to: 'rejected',
      permission: 'rate-plans.write',
      reasonRequired: true,
      label: 'Rejected',
    },
  },
});

let t: TestApp;
let review: ReviewService;
const admin = (email: string): AuthenticatedUser => ({
  userId: '00000000-0000-4000-8000-00000000a001',
  partnerId: '00000000-0000-4000-8000-00000000a002',
  email,
  role: ROLES.SUPER_ADMIN_PORTICO,
});

beforeAll(async () => {
  t = await createTestApp();
  // A reviewable table of the test's own: one row per subject, its state code.
  await t.database.sql.exec('CREATE TABLE review_samples (id text PRIMARY KEY, status integer NOT NULL)');
  review = createReviewService({
    database: t.database,
    repository: createReviewRepository(t.database.db),
    mail: createMailer(t.server.jobs),
  });
});
afterAll(() => t.close());

async function sample(id: string, status = 6) {
  await t.database.sql.query('INSERT INTO review_samples (id, status) VALUES ($1, $2)', [id, status]);
}
const statusOf = async (id: string) =>
  (await t.database.sql.query<{ status: number }>('SELECT status FROM review_samples WHERE id = $1', [id]))
    .rows[0]?.status;
const mailsTo = async (to: string) =>
  (
    await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1`,
      [to],
    )
  ).rows[0]?.n;

function decide(
  id: string,
  action: 'forward' | 'approve' | 'reject',
  actor: AuthenticatedUser,
  reason?: string,
) {
  return review.decide({
    machine,
    subjectId: id,
    action,
    actor,
    reason,
    load: async () =>
      (
        await t.database.sql.query<{ status: number }>(
          'SELECT status FROM review_samples WHERE id = $1 FOR UPDATE',
          [id],
        )
      ).rows[0]?.status,
    move: async (from, to) =>
      (
        await t.database.sql.query<{ id: string }>(
          'UPDATE review_samples SET status = $3 WHERE id = $1 AND status = $2 RETURNING id',
          [id, from, to],
        )
      ).rows.length === 1,
    notify: async () => ({
      recipients: [`owner-${id}@review.test`],
      subjectName: `Sample ${id}`,
      link: 'http://x/y',
    }),
  });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('review decisions', () => {
  it('when a reviewer decides then the state moves, the history says who, when, from, to and why, and the submitter is mailed', async () => {
    await sample('a');
    await decide('a', 'forward', admin('first@review.test'));
    await decide('a', 'reject', admin('second@review.test'), 'The logo is not the brand’s');
    expect(await statusOf('a')).toBe(32);
    const history = await review.history([machine], 'a', { start: 0, end: 10 });
    expect(history.total).toBe(2);
    expect(
      history.items.map((e) => [e.action_label, e.from?.label, e.to.label, e.actor_email, e.reason]),
    ).toEqual([
      ['Rejected', 'Forwarded', 'Rejected', 'second@review.test', 'The logo is not the brand’s'],
      ['Forwarded to the carriers', 'Submitted', 'Forwarded', 'first@review.test', null],
    ]);
    expect(await mailsTo('owner-a@review.test')).toBe(2);
  });

  it('when two reviewers decide at once then one wins and the other gets 409 with the current state', async () => {
    await sample('b');
    const results = await Promise.allSettled([
      decide('b', 'approve', admin('one@review.test')),
      decide('b', 'reject', admin('two@review.test'), 'No'),
    ]);
    const lost = results.find((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const error = (lost as PromiseRejectedResult).reason as AppError;
    expect(error.httpStatus).toBe(409);
    expect((error.data as { current: { code: number } }).current.code).toBe(await statusOf('b'));
    expect((await review.history([machine], 'b', { start: 0, end: 10 })).total).toBe(1);
    expect(await mailsTo('owner-b@review.test')).toBe(1);
  });

  it('when the move is illegal, the reason is missing or the role may not decide then nothing changes', async () => {
    await sample('c', 31);
    expect((await refusal(decide('c', 'reject', admin('x@review.test'), 'late'))).httpStatus).toBe(409);
    await sample('d');
    const missing = await refusal(decide('d', 'reject', admin('x@review.test'), '   '));
    expect(missing.httpStatus).toBe(400);
    expect(missing.data).toEqual([
      { field: 'reason', message: 'Give a reason: it is shown to the submitter.' },
    ]);
    const readOnly = { ...admin('ro@review.test'), role: ROLES.ADMIN_PORTICO_READONLY };
    expect((await refusal(decide('d', 'approve', readOnly))).httpStatus).toBe(403);
    expect((await refusal(decide('nobody', 'approve', admin('x@review.test')))).httpStatus).toBe(404);
    expect(await statusOf('d')).toBe(6);
    expect((await review.history([machine], 'd', { start: 0, end: 10 })).total).toBe(0);
    expect(await mailsTo('owner-d@review.test')).toBe(0);
  });
});
