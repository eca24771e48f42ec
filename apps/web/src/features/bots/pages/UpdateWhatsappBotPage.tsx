import Alert from '@mui/material/Alert';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { viewBotPath } from '../components/bot-paths';
import { WhatsappBotForm } from '../components/WhatsappBotForm';
import { BOT_CRUMBS, useBotId, WithBot } from '../components/WithBot';

const TITLE = 'Update WhatsApp Bot';
const ACTIONS = [{ id: 'save', label: 'Save changes', submit: false, primary: true }] as const;

/** /u/update-whatsapp-bot?botId=: change the WhatsApp sender; a live sender keeps its name, number and account. */
export default function UpdateWhatsappBotPage() {
  const botId = useBotId();
  const canWrite = useCan('bots.write');
  const navigate = useNavigate();
  return (
    <WithBot botId={botId} title={TITLE}>
      {(bot) => (
        <PageFrame
          title={`Update ${bot.name}`}
          breadcrumbs={[...BOT_CRUMBS, { label: bot.name, to: viewBotPath(bot) }]}
          description="The WhatsApp Business sender and its profile."
        >
          {!canWrite ? (
            <Alert severity="info">Your role can view bots, not change them.</Alert>
          ) : !bot.whatsapp ? (
            <Alert severity="info">This bot has no WhatsApp channel yet.</Alert>
          ) : (
            <>
              {bot.locked_fields.some((field) => field.startsWith('whatsapp.')) && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  This sender is submitted or live: its display name, phone number and business account stay
                  as registered. The about text, category and profile photo can still change.
                </Alert>
              )}
              <WhatsappBotForm
                key={bot.updated_at}
                bot={bot}
                actions={ACTIONS}
                onSaved={(saved) => navigate(viewBotPath(saved))}
              />
            </>
          )}
        </PageFrame>
      )}
    </WithBot>
  );
}
