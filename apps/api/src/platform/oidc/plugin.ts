import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import { identityAssets } from './assets.ts';
import { interactionRoutes } from './interaction.routes.ts';
import type { PendingSignIns } from './pending-sign-in.ts';
import { identityCsp, issuerPathOf } from './provider.ts';
import type { SignInService } from './sign-in.service.ts';

export interface IdentityPluginDeps {
  provider: Provider;
  config: Config;
  signIn: SignInService;
  pending: PendingSignIns;
}

/**
 * Everything under /oidc: our assets and interaction pages as Fastify routes, then every other path
 * handed to oidc-provider untouched (docs/STACK.md gotcha 4).
 */
export function createIdentityPlugin(deps: IdentityPluginDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(identityAssets);
    await app.register(interactionRoutes(deps));
    await app.register(providerPassThrough(deps));
  };
}

function providerPassThrough({ provider, config }: IdentityPluginDeps): FastifyPluginAsync {
  // The provider behind the facade is rebuilt when keys rotate: take its handler per instance.
  const callbacks = new WeakMap<object, ReturnType<Provider['callback']>>();
  const callback = (req: IncomingMessage, res: Parameters<ReturnType<Provider['callback']>>[1]) => {
    const instance = provider.app;
    let handler = callbacks.get(instance);
    if (!handler) {
      handler = provider.callback();
      callbacks.set(instance, handler);
    }
    return handler(req, res);
  };
  const issuer = new URL(config.OIDC_ISSUER);
  const issuerPath = issuerPathOf(config);
  const forwardedProto = issuer.protocol.replace(/:$/, '');
  const csp = identityCsp(config);

  return async (app) => {
    // The provider reads bodies itself: Fastify must leave the request stream alone.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const prefix = app.prefix;
    app.all('/*', (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      const rest = url.startsWith(prefix) ? url.slice(prefix.length) : url;
      const path = rest.startsWith('/') ? rest : `/${rest}`;
      // The provider builds its URLs from originalUrl minus url (the mount path) and the host, so
      // both are pinned to the issuer: a forged Host header cannot change them.
      raw.originalUrl = `${issuerPath}${path}`;
      raw.url = path;
      raw.headers['x-forwarded-host'] = issuer.host;
      raw.headers['x-forwarded-proto'] = forwardedProto;
      reply.raw.setHeader('content-security-policy', csp);
      callback(raw, reply.raw);
    });
  };
}
