import type { FastifyPluginAsync } from 'fastify';

/**
 * The network sandbox (Google RBM, GSMA MaaP and WhatsApp Cloud shapes, virtual handsets).
 * Mounted by the API at /sandbox in dev, demo and tests, or run alone. Its networks arrive with the
 * "Messaging networks" capability; until then it only reports that it is mounted.
 */
export const sandboxPlugin: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({
    status_code: 10,
    message: 'Sandbox is mounted.',
    data: { networks: [] },
  }));
};

export default sandboxPlugin;
