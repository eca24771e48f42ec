import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { createTestUser } from '../oidc/testing.ts';
import { createUsersService, type UsersService } from './users.service.ts';

describe('users service: password check and account lookup', () => {
  let testDatabase: TestDatabase;
  let service: UsersService;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    service = createUsersService({ db: testDatabase.database.db });
  });
  afterAll(() => testDatabase.close());

  const user = (input: Parameters<typeof createTestUser>[1]) => createTestUser(testDatabase.database, input);

  it.each([
    ['active, right password', { status: 'active' }, 'right', 'success'],
    ['active, wrong password', { status: 'active' }, 'wrong', 'invalid'],
    ['pending_setup, right password', { status: 'pending_setup' }, 'right', 'success'],
    ['invited without a password', { status: 'invited', password: null }, 'anything', 'not_activated'],
    ['active without a password', { status: 'active', password: null }, 'anything', 'not_activated'],
    ['disabled, right password', { status: 'disabled' }, 'right', 'inactive'],
    ['disabled, wrong password (state not revealed)', { status: 'disabled' }, 'wrong', 'invalid'],
    ['disabled without a password', { status: 'disabled', password: null }, 'anything', 'inactive'],
  ] as const)('when %s then %s', async (_label, input, typed, outcome) => {
    const row = await user({ password: 'right', ...input });
    expect((await service.checkPassword(row.email, typed)).outcome).toBe(outcome);
  });

  it('when the email differs in case or spacing then it is the same account', async () => {
    const row = await user({ email: 'Mixed.Case@Portico.test', password: 'right' });
    const check = await service.checkPassword('  mixed.case@portico.TEST ', 'right');
    expect(check).toEqual({
      outcome: 'success',
      account: { userId: row.userId, email: row.email, role: null },
    });
  });

  it('when the email is unknown then invalid', async () => {
    expect(await service.checkPassword('nobody@portico.test', 'x')).toEqual({ outcome: 'invalid' });
  });

  it('when a token names a user then only users who may sign in are found', async () => {
    const active = await user({ role: 'DEVELOPER' });
    const disabled = await user({ status: 'disabled' });
    expect(await service.findAuthenticatedUser(active.userId)).toEqual({
      userId: active.userId,
      partnerId: active.partnerId,
      email: active.email,
      role: 'DEVELOPER',
    });
    expect(await service.findAuthenticatedUser(disabled.userId)).toBeNull();
    expect(await service.findAuthenticatedUser('not-a-uuid')).toBeNull();
    expect(await service.findAccount(crypto.randomUUID())).toBeNull();
  });
});
