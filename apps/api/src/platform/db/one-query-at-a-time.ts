/** What a pg client's `query` is called with: promise form, callback form, or a submittable. */
type QueryArgs = unknown[];

interface Queryable {
  query: (...args: QueryArgs) => unknown;
}

/**
 * A unit of work holds one connection, and its reads may run side by side (`Promise.all` in a
 * repository). pg 8 queues a query sent while its connection is busy, and warns that pg 9 will not.
 * This queues them before pg sees them: each promise-form query is sent when the one before has
 * answered, failed or not. Callback-form queries (the pool's own) and submittables pass straight
 * through: they are never sent side by side on a held connection.
 */
export function oneQueryAtATime<Client extends Queryable>(client: Client): Client {
  // The class's method, looked up at each call: what wraps it later (a test's statement counter)
  // still sees every query.
  const send = (...args: QueryArgs) => (Object.getPrototypeOf(client) as Queryable).query.apply(client, args);
  let last: Promise<unknown> = Promise.resolve();
  client.query = (...args: QueryArgs) => {
    const callback = typeof args.at(-1) === 'function';
    const first = args[0];
    const submittable =
      typeof first === 'object' &&
      first !== null &&
      typeof (first as { submit?: unknown }).submit === 'function';
    if (callback || submittable) return send(...args);
    const answer = last.then(() => send(...args));
    last = answer.catch(() => undefined);
    return answer;
  };
  return client;
}
