import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId, type SandboxContext } from './context.ts';
import { authorizeGoogleCall, BUSINESS_COMMUNICATIONS_SCOPE } from './google-oauth.ts';
import { googleErrorHandler, RbmError } from './rbm.ts';
import type { RbmAgent } from './store.ts';

/**
 * Google's Business Communications API (businesscommunications.googleapis.com/v1), the RBM
 * Management API's home: brands, agents, verification and launch, served under
 * /sandbox/businesscommunications with its own OAuth scope. Agents created here are the ones the
 * RBM API (rbm.ts) lets message only testers until launched.
 */
export function businessCommunicationsPlugin(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    googleErrorHandler(app);
    app.addHook('onRequest', async (request) => {
      authorizeGoogleCall(ctx, request, BUSINESS_COMMUNICATIONS_SCOPE);
      if (ctx.chance(ctx.behaviour.serverErrorRatio))
        throw new RbmError(503, 'The service is currently unavailable.');
    });

    app.post<{ Body: { displayName?: string } }>('/v1/brands', async (request) => {
      const displayName = z.string().trim().min(1).max(100).safeParse(request.body?.displayName);
      if (!displayName.success) throw new RbmError(400, 'displayName is required.');
      const brand = { name: `brands/${newId()}`, displayName: displayName.data };
      ctx.store.brands.set(brand.name, brand);
      return brand;
    });

    app.post<{
      Params: { brandId: string };
      Body: { displayName?: string; rcsBusinessMessagingAgent?: Record<string, unknown> };
    }>('/v1/brands/:brandId/agents', async (request) => {
      const brand = ctx.store.brands.get(`brands/${request.params.brandId}`);
      if (!brand) throw new RbmError(404, 'Requested entity was not found.');
      const body = z
        .object({
          displayName: z.string().trim().min(1).max(100),
          rcsBusinessMessagingAgent: z.record(z.string(), z.unknown()),
        })
        .safeParse(request.body);
      if (!body.success) throw new RbmError(400, 'displayName and rcsBusinessMessagingAgent are required.');
      const agent = {
        name: `${brand.name}/agents/${newId('agent_')}`,
        displayName: body.data.displayName,
        brand: brand.name,
        rcsBusinessMessagingAgent: body.data.rcsBusinessMessagingAgent,
        verificationState: 'VERIFICATION_STATE_UNVERIFIED',
        launchState: 'LAUNCH_STATE_UNLAUNCHED',
        launchDetails: {},
      } satisfies RbmAgent;
      ctx.store.agents.set(agent.name, agent);
      return {
        name: agent.name,
        displayName: agent.displayName,
        rcsBusinessMessagingAgent: agent.rcsBusinessMessagingAgent,
      };
    });

    // brands.list and brands.agents.list: pages of 100 by a numeric page token.
    const page = <T>(all: T[], query: { pageSize?: string; pageToken?: string }) => {
      const size = Math.min(Math.max(Number(query.pageSize ?? 100) || 100, 1), 100);
      const offset = Number(query.pageToken ?? 0) || 0;
      const items = all.slice(offset, offset + size);
      return { items, next: offset + size < all.length ? String(offset + size) : undefined };
    };
    app.get<{ Querystring: { pageSize?: string; pageToken?: string } }>('/v1/brands', async (request) => {
      const { items, next } = page([...ctx.store.brands.values()], request.query);
      return { brands: items, ...(next ? { nextPageToken: next } : {}) };
    });
    app.get<{ Params: { brandId: string }; Querystring: { pageSize?: string; pageToken?: string } }>(
      '/v1/brands/:brandId/agents',
      async (request) => {
        const brand = `brands/${request.params.brandId}`;
        if (!ctx.store.brands.has(brand)) throw new RbmError(404, 'Requested entity was not found.');
        const all = [...ctx.store.agents.values()].filter((agent) => agent.brand === brand);
        const { items, next } = page(all, request.query);
        return {
          agents: items.map((agent) => ({
            name: agent.name,
            displayName: agent.displayName,
            rcsBusinessMessagingAgent: agent.rcsBusinessMessagingAgent,
          })),
          ...(next ? { nextPageToken: next } : {}),
        };
      },
    );

    const agentOf = (request: FastifyRequest<{ Params: { brandId: string; agentId: string } }>) => {
      const agent = ctx.store.agents.get(`brands/${request.params.brandId}/agents/${request.params.agentId}`);
      if (!agent) throw new RbmError(404, 'Requested entity was not found.');
      return agent;
    };
    const verificationOf = (agent: {
      name: string;
      verificationState: string;
      verificationContact?: Record<string, unknown>;
    }) => ({
      name: `${agent.name}/verification`,
      verificationState: agent.verificationState,
      ...(agent.verificationContact ? { agentVerificationContact: agent.verificationContact } : {}),
    });
    const launchOf = (agent: RbmAgent) => ({
      name: `${agent.name}/launch`,
      rcsBusinessMessaging: { launchDetails: agent.launchDetails },
    });
    // The agent's overall state: launched once any region is, else the state of its latest region.
    const summarise = (agent: RbmAgent) => {
      const regions = Object.values(agent.launchDetails);
      agent.launchState = regions.some((r) => r.launchState === 'LAUNCH_STATE_LAUNCHED')
        ? 'LAUNCH_STATE_LAUNCHED'
        : (regions.sort((a, b) => a.updateTime.localeCompare(b.updateTime)).at(-1)?.launchState ??
          'LAUNCH_STATE_UNLAUNCHED');
    };

    // Google's custom methods are ":verb" suffixes on the agent id.
    app.post<{ Params: { brandId: string; agentAction: string }; Body: Record<string, unknown> }>(
      '/v1/brands/:brandId/agents/:agentAction',
      async (request) => {
        const [agentId, verb] = request.params.agentAction.split(':');
        const agent = agentOf({
          ...request,
          params: { brandId: request.params.brandId, agentId: agentId ?? '' },
        } as FastifyRequest<{ Params: { brandId: string; agentId: string } }>);
        if (verb === 'requestVerification') {
          const contact = z
            .object({
              agentVerificationContact: z
                .object({
                  partnerName: z.string().min(1),
                  partnerEmailAddress: z.string().email(),
                  brandContactName: z.string().min(1),
                  brandContactEmailAddress: z.string().email(),
                  brandWebsiteUrl: z.string().url(),
                })
                .passthrough(),
            })
            .safeParse(request.body);
          if (!contact.success)
            throw new RbmError(
              400,
              'agentVerificationContact needs partnerName, partnerEmailAddress, brandContactName, brandContactEmailAddress and brandWebsiteUrl.',
            );
          agent.verificationState = 'VERIFICATION_STATE_PENDING';
          agent.verificationContact = contact.data.agentVerificationContact;
          ctx.later(ctx.behaviour.agentReviewDelayMs, () => {
            agent.verificationState = 'VERIFICATION_STATE_VERIFIED';
          });
          return verificationOf(agent);
        }
        if (verb === 'requestLaunch') {
          const launch = z
            .object({
              agentLaunch: z
                .object({
                  rcsBusinessMessaging: z
                    .object({ launchDetails: z.record(z.string(), z.unknown()) })
                    .passthrough(),
                })
                .passthrough(),
            })
            .safeParse(request.body);
          if (!launch.success)
            throw new RbmError(400, 'agentLaunch.rcsBusinessMessaging.launchDetails is required.');
          if (agent.verificationState !== 'VERIFICATION_STATE_VERIFIED')
            throw new RbmError(400, 'The agent must be verified before it can launch.');
          // Like Google: a launch request names every region, those launched before (kept as they
          // are) and the new ones (pending until the carrier's review). One launch at a time.
          const requested = Object.keys(launch.data.agentLaunch.rcsBusinessMessaging.launchDetails);
          if (requested.length === 0) throw new RbmError(400, 'launchDetails names no region.');
          const launched = Object.entries(agent.launchDetails)
            .filter(([, r]) => r.launchState === 'LAUNCH_STATE_LAUNCHED')
            .map(([region]) => region);
          const dropped = launched.filter((region) => !requested.includes(region));
          if (dropped.length)
            throw new RbmError(400, `launchDetails must keep the launched regions (${dropped.join(', ')}).`);
          const fresh = requested.filter(
            (region) =>
              !['LAUNCH_STATE_LAUNCHED', 'LAUNCH_STATE_PENDING'].includes(
                agent.launchDetails[region]?.launchState ?? '',
              ),
          );
          const now = new Date().toISOString();
          for (const region of fresh) {
            agent.launchDetails[region] = { launchState: 'LAUNCH_STATE_PENDING', updateTime: now };
            const rejected = ctx.chance(ctx.behaviour.launchRejectionRatio);
            ctx.later(ctx.behaviour.agentReviewDelayMs, () => {
              agent.launchDetails[region] = rejected
                ? {
                    launchState: 'LAUNCH_STATE_REJECTED',
                    comment: 'The carrier declined the launch on its network.',
                    updateTime: new Date().toISOString(),
                  }
                : { launchState: 'LAUNCH_STATE_LAUNCHED', updateTime: new Date().toISOString() };
              summarise(agent);
            });
          }
          summarise(agent);
          return launchOf(agent);
        }
        throw new RbmError(404, `Unknown method ${verb ?? ''}.`);
      },
    );
    // brands.agents.patch: the agent's information, editable until it is pending or launched.
    app.patch<{
      Params: { brandId: string; agentId: string };
      Body: { displayName?: string; rcsBusinessMessagingAgent?: Record<string, unknown> };
    }>('/v1/brands/:brandId/agents/:agentId', async (request) => {
      const agent = agentOf(request);
      if (
        agent.verificationState === 'VERIFICATION_STATE_PENDING' ||
        agent.launchState === 'LAUNCH_STATE_LAUNCHED' ||
        agent.launchState === 'LAUNCH_STATE_PENDING'
      )
        throw new RbmError(
          400,
          'The agent information cannot be edited while it is pending verification or launched.',
        );
      const body = z
        .object({
          displayName: z.string().trim().min(1).max(100).optional(),
          rcsBusinessMessagingAgent: z.record(z.string(), z.unknown()).optional(),
        })
        .safeParse(request.body);
      if (!body.success) throw new RbmError(400, 'displayName is 1 to 100 characters.');
      if (body.data.displayName) agent.displayName = body.data.displayName;
      if (body.data.rcsBusinessMessagingAgent)
        agent.rcsBusinessMessagingAgent = body.data.rcsBusinessMessagingAgent;
      return {
        name: agent.name,
        displayName: agent.displayName,
        rcsBusinessMessagingAgent: agent.rcsBusinessMessagingAgent,
      };
    });
    // brands.agents.delete: a launched agent cannot be deleted (it must be unlaunched first).
    app.delete<{ Params: { brandId: string; agentId: string } }>(
      '/v1/brands/:brandId/agents/:agentId',
      async (request) => {
        const agent = agentOf(request);
        if (agent.launchState === 'LAUNCH_STATE_LAUNCHED' || agent.launchState === 'LAUNCH_STATE_PENDING')
          throw new RbmError(400, 'A launched agent cannot be deleted; unlaunch it first.');
        ctx.store.agents.delete(agent.name);
        return {};
      },
    );
    app.get<{ Params: { brandId: string; agentId: string } }>(
      '/v1/brands/:brandId/agents/:agentId/verification',
      async (request) => verificationOf(agentOf(request)),
    );
    app.get<{ Params: { brandId: string; agentId: string } }>(
      '/v1/brands/:brandId/agents/:agentId/launch',
      async (request) => launchOf(agentOf(request)),
    );
  };
}
