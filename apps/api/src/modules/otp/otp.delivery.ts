import { randomUUID } from 'node:crypto';
import type { OtpChannel } from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Connectors, NetworkError } from '../../networks/index.ts';

/** Sends a one-time password's text to a number: RCS when the number is capable, otherwise SMS. */
export interface OtpDelivery {
  /** The channel a code would go by now (an RBM capability check). */
  channel(msisdn: string): Promise<OtpChannel>;
  /** Sends the text; resolves with the channel it actually went by. */
  send(msisdn: string, text: string): Promise<OtpChannel>;
}

/**
 * RCS through the platform's own RBM agent (traffic type AUTHENTICATION) when the capability check
 * says the number can take it; SMS through the gateway otherwise, and also when the RBM send is
 * refused as not capable or RBM is down (a code must not wait for a network to recover).
 */
export function createOtpDelivery(connectors: Connectors, log: FastifyBaseLogger): OtpDelivery {
  const rbm = connectors.get('rbm');
  const agent = connectors.testSender('rbm');

  async function rcsCapable(msisdn: string): Promise<boolean> {
    try {
      return (await rbm.capability(agent, msisdn)).capable;
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      if (error.kind !== 'not_capable' && error.kind !== 'not_found')
        log.warn({ err: error, kind: error.kind }, 'otp: RCS capability check failed; using SMS');
      return false;
    }
  }

  async function sendSms(msisdn: string, text: string): Promise<OtpChannel> {
    await connectors.sms.send({ to: msisdn, body: text });
    return 'SMS';
  }

  return {
    async channel(msisdn) {
      return (await rcsCapable(msisdn)) ? 'RCS' : 'SMS';
    },
    async send(msisdn, text) {
      if (!(await rcsCapable(msisdn))) return sendSms(msisdn, text);
      try {
        await rbm.send({
          messageId: randomUUID(),
          sender: agent,
          recipient: msisdn,
          content: { kind: 'text', text, suggestions: [] },
          trafficType: 'AUTHENTICATION',
        });
        return 'RCS';
      } catch (error) {
        if (
          !(error instanceof NetworkError) ||
          error.kind === 'invalid_content' ||
          error.kind === 'unauthorized'
        )
          throw error;
        log.warn({ err: error, kind: error.kind }, 'otp: RCS send failed; sending by SMS');
        return sendSms(msisdn, text);
      }
    },
  };
}
