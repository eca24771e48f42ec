import { defineModule } from '../../platform/module.ts';
import { createReferenceTokenIssuer } from '../../platform/security/reference-token.ts';
import { createPartnersRepository } from './partners.repository.ts';
import { partnersRoutes } from './partners.routes.ts';
import { createPartnersService } from './partners.service.ts';

/** Partner details (the header's profile) and the external tools' reference token. */
export const partnersModule = defineModule({
  name: 'partners',
  async create({ database }) {
    const partners = createPartnersService({
      repository: createPartnersRepository(database.db),
      referenceTokens: await createReferenceTokenIssuer(database),
    });
    return { secureRoutes: [partnersRoutes(partners)] };
  },
});
