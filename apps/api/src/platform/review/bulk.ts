import type { TBulkDecisionResult } from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../http/errors.ts';

const UNEXPECTED = 'This item could not be decided: an unexpected error. Try it on its own.';

/**
 * A bulk decision on a review list (issue 26, point 4): the one-item decision for each id in turn,
 * each in its own unit of work (the service's), so one refusal (another tenant's item: not found;
 * a state the decision does not apply to: 409) neither stops nor undoes the others. Each item's
 * outcome is reported; an unexpected error is logged and reported as refused.
 */
export async function decideEach(
  ids: readonly string[],
  decideOne: (id: string) => Promise<unknown>,
  log: FastifyBaseLogger,
): Promise<TBulkDecisionResult> {
  const items: TBulkDecisionResult['items'] = [];
  for (const id of ids) {
    try {
      await decideOne(id);
      items.push({ id, outcome: 'done', reason: null, status: 200 });
    } catch (error) {
      if (error instanceof AppError && error.httpStatus < 500) {
        items.push({ id, outcome: 'refused', reason: error.message, status: error.httpStatus });
      } else {
        log.error({ err: error, id }, 'bulk decision: an item failed');
        const status = error instanceof AppError ? error.httpStatus : 500;
        items.push({
          id,
          outcome: 'refused',
          reason: error instanceof AppError ? error.message : UNEXPECTED,
          status,
        });
      }
    }
  }
  const done = items.filter((item) => item.outcome === 'done').length;
  return { items, done, refused: items.length - done };
}
