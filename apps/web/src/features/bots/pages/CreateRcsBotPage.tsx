import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { BOT_DRAFT_STATUSES, formatDateTimeZoned, type TBot } from '@portico/domain';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { viewBotPath } from '../components/bot-paths';
import { CreateStepper } from '../components/CreateStepper';
import { RcsBotForm, type SaveIntent } from '../components/RcsBotForm';
import { BOT_CRUMBS, MaybeBot, useBotId } from '../components/WithBot';

const TITLE = 'Create RCS Bot';
const ACTIONS = [
  { intent: 'draft', label: 'Save draft' },
  { intent: 'continue', label: 'Save and continue', primary: true },
] as const;

/** /u/create-bot/rcs-bot-details: step 1 of 2, the agent's details (a new bot, or ?botId= a draft to resume). */
export default function CreateRcsBotPage() {
  const botId = useBotId();
  const navigate = useNavigate();
  const canWrite = useCan('bots.write');
  const saved = (bot: TBot, intent: SaveIntent) =>
    intent === 'continue'
      ? navigate(`/u/create-bot/brand-details?botId=${bot.bot_id}`)
      : navigate(`/u/create-bot/rcs-bot-details?botId=${bot.bot_id}`, {
          replace: true,
          state: { saved: true },
        });
  const frame = (bot: TBot | null) => (
    <PageFrame
      title={TITLE}
      breadcrumbs={BOT_CRUMBS}
      description="Describe the RCS agent as Google's RBM shows it. The draft is kept as you save; the preview follows what you type."
    >
      <CreateStepper active={0} part="Part 1 of the details: the agent. Next: its brand." />
      {!canWrite ? (
        <Alert severity="info">Your role can view bots, not create them.</Alert>
      ) : bot && !BOT_DRAFT_STATUSES.includes(bot.status.code) ? (
        <Alert severity="info">
          This bot is no longer a draft.{' '}
          <Link component={RouterLink} to={viewBotPath(bot)}>
            Open the bot
          </Link>{' '}
          to see or change it.
        </Alert>
      ) : (
        <>
          {bot && (
            <Alert severity="success" sx={{ mb: 2 }}>
              Draft saved {String(formatDateTimeZoned(bot.updated_at))}: you can leave and resume it from MY
              BOTS.
            </Alert>
          )}
          <RcsBotForm bot={bot} onSaved={saved} actions={ACTIONS} />
        </>
      )}
    </PageFrame>
  );
  return (
    <MaybeBot botId={botId} title={TITLE}>
      {(bot) => frame(bot)}
    </MaybeBot>
  );
}
