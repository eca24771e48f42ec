import { PAYLOAD_REQUIRED } from '@portico/domain';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { BadRequestError } from './errors.ts';

/** A body schema that accepts no body (Fastify hands validation null or undefined) does not make the payload required. */
function acceptsNoBody(schema: unknown): boolean {
  return (
    schema instanceof z.ZodType && (schema.safeParse(undefined).success || schema.safeParse(null).success)
  );
}

/**
 * A call whose route declares a body but that arrives without one fails with the spec's
 * 'Payload is required' (spec section 5), before schema validation turns it into a field error.
 */
export const payloadRequired: FastifyPluginAsync = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema?.body;
      if (!schema || acceptsNoBody(schema)) return;
      const body: unknown = request.body;
      if (body === undefined || body === null || (typeof body === 'string' && body.trim() === '')) {
        throw new BadRequestError(PAYLOAD_REQUIRED);
      }
    });
  },
  { name: 'portico-payload-required' },
);
