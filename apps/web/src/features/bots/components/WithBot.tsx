import Alert from '@mui/material/Alert';
import type { TBot } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { type Crumb, PageFrame } from '@/lib/ui/PageFrame';
import { botQueryOptions } from '../api/get-bots';

export const BOT_CRUMBS: readonly Crumb[] = [
  { label: 'Developer console', to: '/u/dashboard' },
  { label: 'My Bots', to: '/u/dashboard' },
];

/** The ?botId= of the page, or null. */
export function useBotId(): string | null {
  return useSearchParams()[0].get('botId');
}

/** Loads the page's bot; while loading, failing (404 for another partner's) or missing, says so in the page frame. */
export function WithBot({
  botId,
  title,
  children,
}: {
  botId: string | null;
  title: string;
  children: (bot: TBot) => ReactNode;
}) {
  return (
    <MaybeBot botId={botId} title={title}>
      {(bot) => (bot ? children(bot) : <NoBot title={title} />)}
    </MaybeBot>
  );
}

function NoBot({ title }: { title: string }) {
  return (
    <PageFrame title={title} breadcrumbs={BOT_CRUMBS}>
      <Alert severity="warning">No bot is chosen: open one from MY BOTS.</Alert>
    </PageFrame>
  );
}

/**
 * Like WithBot, but without ?botId= the page renders with null (a new bot). Once the first save
 * caches the bot and the address gains its id, the same tree renders on: nothing is remounted, so
 * what the form holds (picked images, their messages) stays.
 */
export function MaybeBot({
  botId,
  title,
  children,
}: {
  botId: string | null;
  title: string;
  children: (bot: TBot | null) => ReactNode;
}) {
  const bot = useQuery({ ...botQueryOptions(botId ?? ''), enabled: Boolean(botId) });
  if (!botId) return <>{children(null)}</>;
  if (bot.isPending) return <CenteredStatus label="Loading the bot…" />;
  if (bot.isError) {
    return (
      <PageFrame title={title} breadcrumbs={BOT_CRUMBS}>
        <Alert severity="error">{errorMessage(bot.error)}</Alert>
      </PageFrame>
    );
  }
  return <>{children(bot.data)}</>;
}
