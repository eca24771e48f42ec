import { createBotsRepository } from '../src/modules/bots/bots.repository.ts';
import type { BotsService } from '../src/modules/bots/bots.service.ts';
import type { Database } from '../src/platform/db/index.ts';

/** The bots module's state moves (what launches and bot-review reach through the bots service), over the test database. */
export function createBotMovesForTest(
  database: Database,
): Pick<BotsService, 'moveStatus' | 'moveCarrier' | 'setLaunchJob' | 'chooseCarriers' | 'addCarriers'> {
  const repository = createBotsRepository(database.db);
  return {
    moveStatus: repository.moveStatus,
    moveCarrier: (botId, carrierId, from, to, reason = null) =>
      repository.moveCarrier(botId, carrierId, from, to, reason),
    setLaunchJob: repository.setLaunchJob,
    chooseCarriers: repository.chooseCarriers,
    addCarriers: repository.addCarriers,
  };
}
