import type { FastifyPluginAsync } from 'fastify';
import { businessCommunicationsPlugin } from './business-communications.ts';
import { createContext } from './context.ts';
import { googleOAuthPlugin } from './google-oauth.ts';
import { handsetPlugin } from './handsets.ts';
import { maapPlugin } from './maap.ts';
import { type SandboxOptions, ZSandboxBehaviour } from './options.ts';
import { rbmPlugin } from './rbm.ts';
import { smsPlugin } from './sms.ts';
import { webPlugin } from './web.ts';
import { whatsappPlugin } from './whatsapp.ts';

export { rbmSignature, whatsappSignature } from './context.ts';
export * from './options.ts';
export { type SandboxObject, type SandboxObjectKind, sandboxObjectKey } from './store.ts';

/**
 * The network sandbox: Google RBM under /rbm, Google Business Communications (agents) under
 * /businesscommunications, Google's OAuth token endpoint at /oauth2/token, GSMA MaaP under /maap,
 * WhatsApp Cloud under /whatsapp, an SMS gateway (Twilio's Messages API) under /sms, the virtual
 * handsets at /, and GET/PUT /config for its behaviour. Mounted by the API at /sandbox, or run
 * alone (src/main.ts). State is in memory per instance; its network objects outlive a restart when
 * given a persistence (options.persistence; see README.md).
 */
export const sandboxPlugin: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const ctx = createContext(options, app.log.child({ component: 'sandbox' }));
  // Before the server stops: no receipt may start once closing has begun.
  app.addHook('preClose', async () => ctx.close());
  // Once the last call is answered: the last changes are saved.
  app.addHook('onClose', async () => ctx.flush());
  // The network objects of an earlier run are back before any call is answered; a change is saved.
  app.addHook('onRequest', async () => ctx.ready());
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') ctx.changed();
  });

  app.get('/healthz', async () => ({
    status_code: 10,
    message: 'Sandbox is mounted.',
    data: { networks: ['rbm', 'businesscommunications', 'maap', 'whatsapp', 'sms'] },
  }));
  app.get('/config', async () => ({
    behaviour: ctx.behaviour,
    webhooks: Object.fromEntries(Object.entries(ctx.webhooks).map(([network, hook]) => [network, hook?.url])),
  }));
  app.put('/config', async (request, reply) => {
    const result = ZSandboxBehaviour.safeParse(request.body ?? {});
    if (!result.success) {
      const issue = result.error.issues[0];
      return reply
        .code(400)
        .send({ error: { code: 400, message: `${issue?.path.join('.')}: ${issue?.message}` } });
    }
    return { behaviour: ctx.setBehaviour(result.data) };
  });

  await app.register(googleOAuthPlugin(ctx), { prefix: '/oauth2' });
  await app.register(rbmPlugin(ctx), { prefix: '/rbm' });
  await app.register(businessCommunicationsPlugin(ctx), { prefix: '/businesscommunications' });
  await app.register(maapPlugin(ctx), { prefix: '/maap' });
  await app.register(whatsappPlugin(ctx), { prefix: '/whatsapp' });
  await app.register(smsPlugin(ctx), { prefix: '/sms' });
  await app.register(webPlugin, { prefix: '/web' });
  await app.register(handsetPlugin(ctx));
};
