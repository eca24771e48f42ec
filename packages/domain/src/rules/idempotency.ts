/**
 * The partner API's Idempotency-Key (WhatsApp shape, decision 0026): how long a key's first answer
 * is kept and replayed. 24 hours, as long as Meta keeps a message's webhooks retrying; an older key
 * is new again, and the hourly sweep deletes it.
 */
export const PARTNER_IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * A key whose first request is still in flight after this long was abandoned (the process died
 * mid-send): a retry may take it over. As long as metering's abandoned-reservation rule waits
 * (METERING_ABANDON_AFTER_SECONDS' default), so the retry finds the message's money settled.
 */
export const PARTNER_IDEMPOTENCY_IN_FLIGHT_SECONDS = 600;
