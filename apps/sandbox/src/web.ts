import type { FastifyPluginAsync } from 'fastify';

/**
 * The websites of the `.example` domains, served under /sandbox/web/<host>/<path>. RFC 2606 reserves
 * `.example` so that it never resolves on the internet; the demo's businesses live there
 * (https://saffronstays.example/privacy). With the sandbox on, the launch pre-flight asks this double
 * instead of the internet, so the demo's privacy and terms pages answer as a business's own would,
 * and a launch can pass its pre-flight on a machine with no way out. Any other host is not served.
 */
export const EXAMPLE_SITE_SUFFIX = '.example';

export const webPlugin: FastifyPluginAsync = async (app) => {
  // GET (and the HEAD that Fastify derives from it) of any page of an `.example` site.
  app.get<{ Params: { host: string; '*': string } }>('/:host/*', async (request, reply) => {
    const { host } = request.params;
    const page = `/${request.params['*']}`;
    if (!host.endsWith(EXAMPLE_SITE_SUFFIX)) {
      return reply.code(404).type('text/plain').send(`The sandbox serves only ${EXAMPLE_SITE_SUFFIX} sites.`);
    }
    const title = `${host}${page}`.replace(/[<>&"]/g, '');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
          `<body><h1>${title}</h1><p>A page of a demo business, served by the network sandbox.</p></body></html>`,
      );
  });
};
