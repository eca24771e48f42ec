/**
 * How long a carrier may stay "launching" (BOT_CARRIER_MACHINE) with no launch job queued or running
 * before the sweep (bot-review.sweep-launching) calls its launch failed, so the platform's retry
 * applies. The launch job re-queues itself while the network still reviews (up to about 30 hours of
 * looks), so a carrier whose job is alive is never swept however long it has been launching; the
 * limit only leaves time for a job that was just queued, or a worker that died mid-job (pg-boss
 * expires an active job after 15 minutes and retries it), before a missing job counts as gone.
 */
export const LAUNCHING_STUCK_AFTER_MS = 60 * 60_000;

/** The reason the sweep writes on the carrier and in its history row. */
export const LAUNCHING_STUCK_REASON =
  'The launch stopped without an answer from the network (its job gave up after its retries). The platform can retry it.';
