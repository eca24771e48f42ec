import { ZEnvelope, ZPendingCharges } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { MeteringService } from './metering.service.ts';

/** Secure routes of metering (mounted under /api/v1/secure). */
export function meteringRoutes(
  metering: Pick<MeteringService, 'pending'>,
  wallet: Pick<WalletService, 'requireWallet'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wallet/pending-charges',
      {
        config: { action: 'wallet.read' },
        schema: {
          tags: ['wallet'],
          summary:
            'Charges of messages sent and not yet settled (metering settles every minute): count, amount and since when',
          response: { 200: ZEnvelope(ZPendingCharges) },
        },
      },
      async (request) => ok(await metering.pending(await wallet.requireWallet(userOf(request)))),
    );
  };
}
