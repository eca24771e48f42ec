import { type SandboxObject, type SandboxPersistence, sandboxObjectKey } from '@portico/sandbox';
import type { Database } from '../platform/db/index.ts';
import { sandboxObjects } from './sandbox-state.schema.ts';

const INSERT_BATCH = 500;

function rowsOf(objects: readonly SandboxObject[]) {
  return objects.map((object) => ({ kind: object.kind, key: sandboxObjectKey(object), body: object.body }));
}

/**
 * The mounted sandbox's network objects in our database (decision 0020): loaded when the sandbox
 * answers its first call, replaced as a whole set on each save (one transaction), so a restart
 * (`npm start` on an existing .data/) finds every agent, MaaP bot and WhatsApp number it had.
 */
export function sandboxPersistence(database: Database): SandboxPersistence {
  return {
    async load() {
      const rows = await database.db
        .select({ kind: sandboxObjects.kind, body: sandboxObjects.body })
        .from(sandboxObjects);
      // The rows are the sandbox's own objects (saved by it, or provisioned in its shapes below).
      return rows as SandboxObject[];
    },
    async save(objects) {
      const rows = rowsOf(objects);
      await database.transaction(async () => {
        await database.db.delete(sandboxObjects);
        for (let i = 0; i < rows.length; i += INSERT_BATCH) {
          await database.db.insert(sandboxObjects).values(rows.slice(i, i + INSERT_BATCH));
        }
      });
    },
  };
}

/**
 * Puts objects on the sandbox's network that it does not have yet (same kind and key), leaving
 * those it has (with their later changes) as they are: the demo seed's network side, run at every
 * start before the sandbox loads. Returns how many were added.
 */
export async function provisionSandboxObjects(
  database: Database,
  objects: readonly SandboxObject[],
): Promise<number> {
  if (objects.length === 0) return 0;
  const added = await database.db
    .insert(sandboxObjects)
    .values(rowsOf(objects))
    .onConflictDoNothing()
    .returning({ key: sandboxObjects.key });
  return added.length;
}
