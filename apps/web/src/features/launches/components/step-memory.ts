import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { launchKeys } from '../api/keys';

const unsavedKey = (botId: string, step: string) => [...launchKeys.bot(botId), 'unsaved', step] as const;

/** What was typed on a step and not saved yet (see useStepMemory), or undefined. */
export function rememberedValues<V>(client: QueryClient, botId: string, step: string): V | undefined {
  return client.getQueryData<V>(unsavedKey(botId, step));
}

/** A form's `watch` (react-hook-form), in its subscribing form. */
type Watch = (callback: (values: unknown) => void) => { unsubscribe: () => void };

/**
 * Keeps what is typed on a step and not saved yet in the query cache (never sent, never stored in
 * the browser), so moving between steps loses nothing; returns `forget`, for after a save.
 */
export function useStepMemory(botId: string, step: string, watch: Watch): () => void {
  const client = useQueryClient();
  useEffect(() => {
    const key = unsavedKey(botId, step);
    client.setQueryDefaults(key, { gcTime: Number.POSITIVE_INFINITY });
    const subscription = watch((values) => {
      client.setQueryData(key, values);
    });
    return () => subscription.unsubscribe();
  }, [client, watch, botId, step]);
  return () => client.removeQueries({ queryKey: unsavedKey(botId, step), exact: true });
}
