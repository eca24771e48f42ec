import Alert from '@mui/material/Alert';
import { BOT_DRAFT_STATUSES, formatDateTimeZoned, type TBot } from '@portico/domain';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { viewBotPath } from '../components/bot-paths';
import { WhatsappBotForm } from '../components/WhatsappBotForm';
import { BOT_CRUMBS, MaybeBot, useBotId } from '../components/WithBot';

const TITLE = 'Create WhatsApp Bot';
const ACTIONS = [
  { id: 'draft', label: 'Save draft', submit: false },
  { id: 'register', label: 'Register the sender', submit: true, primary: true },
] as const;

/**
 * /u/create-bot/whatsapp-bot-details: a new WhatsApp bot, a draft to resume (?botId=), or WhatsApp
 * added to an RCS bot (?botId= of a bot without WhatsApp): it becomes a two-channel bot.
 */
export default function CreateWhatsappBotPage() {
  const botId = useBotId();
  const navigate = useNavigate();
  const canWrite = useCan('bots.write');
  const frame = (bot: TBot | null) => {
    const adding = bot !== null && bot.whatsapp === null;
    return (
      <PageFrame
        title={adding ? `Add WhatsApp to ${bot.name}` : TITLE}
        breadcrumbs={BOT_CRUMBS}
        description="The WhatsApp Business sender: its name under Meta's rules, number, profile and account. The preview follows what you type."
      >
        {!canWrite ? (
          <Alert severity="info">Your role can view bots, not create them.</Alert>
        ) : bot && !adding && !BOT_DRAFT_STATUSES.includes(bot.status.code) ? (
          <Alert severity="info">This bot is no longer a draft: change it from its page.</Alert>
        ) : (
          <>
            {bot && !adding && (
              <Alert severity="success" sx={{ mb: 2 }}>
                Draft saved {String(formatDateTimeZoned(bot.updated_at))}: you can leave and resume it from MY
                BOTS.
              </Alert>
            )}
            <WhatsappBotForm
              bot={bot}
              actions={ACTIONS}
              onSaved={(saved, action) =>
                action.submit
                  ? navigate(viewBotPath(saved))
                  : navigate(`/u/create-bot/whatsapp-bot-details?botId=${saved.bot_id}`, { replace: true })
              }
            />
          </>
        )}
      </PageFrame>
    );
  };
  return (
    <MaybeBot botId={botId} title={TITLE}>
      {(bot) => frame(bot)}
    </MaybeBot>
  );
}
