import { CHANNEL_TYPE, ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { NotFoundError } from '../../platform/http/errors.ts';
import { createBotsRepository } from './bots.repository.ts';
import { bots } from './bots.schema.ts';
import { type BotsService, createBotsService } from './bots.service.ts';

let t: TestApp;
let service: BotsService;

beforeAll(async () => {
  t = await createTestApp();
  service = createBotsService({ database: t.database, repository: createBotsRepository(t.database.db) });
});
afterAll(() => t.close());

const userOf = (account: {
  user: { userId: string; partnerId: string; email: string; role: string | null };
}) => ({
  userId: account.user.userId,
  partnerId: account.user.partnerId,
  email: account.user.email,
  role: account.user.role,
});

describe('botForTesting', () => {
  it("when the partner's own bot is asked for then its network names come back; another tenant gets 404", async () => {
    const owner = await t.factories.account(ROLES.DEVELOPER);
    const other = await t.factories.account(ROLES.DEVELOPER);
    const [row] = await t.database.db
      .insert(bots)
      .values({
        partnerId: owner.partner.partnerId,
        createdBy: owner.user.userId,
        channels: [CHANNEL_TYPE.whatsapp, CHANNEL_TYPE.rcs],
        status: 10,
        name: 'Acme Deliveries',
        rbmBrand: 'brands/acme',
        rbmAgent: 'brands/acme/agents/acme_deliveries_agent',
        whatsappPhoneNumberId: '106540352242922',
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');

    expect(await service.botForTesting(userOf(owner), row.botId)).toEqual({
      id: row.botId,
      partnerId: owner.partner.partnerId,
      name: 'Acme Deliveries',
      channels: [CHANNEL_TYPE.rcs, CHANNEL_TYPE.whatsapp],
      rbmAgent: 'brands/acme/agents/acme_deliveries_agent',
      maapBotId: null,
      whatsappPhoneNumberId: '106540352242922',
    });
    await expect(service.botForTesting(userOf(other), row.botId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      service.botForTesting(userOf(owner), '00000000-0000-4000-8000-000000000000'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
