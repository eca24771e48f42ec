import pLimit from 'p-limit';
import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;

/**
 * Image work is bounded, so parallel uploads cannot exhaust memory or the CPU: libvips uses one
 * thread per picture and keeps no cache of decoded images, at most IMAGE_WORKERS pictures are
 * decoded at once, and at most IMAGE_QUEUE_LIMIT wait their turn (the next is told to retry).
 */
export const IMAGE_WORKERS = 2;
export const IMAGE_QUEUE_LIMIT = 8;

/** Too many pictures are already being worked on or waiting: the caller answers 503, try again. */
export class ImageWorkBusyError extends Error {
  constructor() {
    super('too many pictures waiting');
    this.name = 'ImageWorkBusyError';
  }
}

let loaded: Promise<Sharp> | undefined;
/** sharp, loaded on the first picture (not at start) and set up for bounded work. */
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** A small queue for image work: `workers` at once, at most `waiting` more queued. */
export function createImageQueue(workers = IMAGE_WORKERS, waiting = IMAGE_QUEUE_LIMIT) {
  const limit = pLimit(workers);
  return {
    run<T>(work: (sharp: Sharp) => Promise<T>): Promise<T> {
      if (limit.activeCount + limit.pendingCount >= workers + waiting) {
        return Promise.reject(new ImageWorkBusyError());
      }
      return limit(async () => work(await loadSharp()));
    },
    get active(): number {
      return limit.activeCount;
    },
    get waiting(): number {
      return limit.pendingCount;
    },
  };
}
export type ImageQueue = ReturnType<typeof createImageQueue>;

const defaultQueue = createImageQueue();

/** Runs image work with sharp in the process's one bounded queue. */
export function imageWork<T>(work: (sharp: Sharp) => Promise<T>): Promise<T> {
  return defaultQueue.run(work);
}
