import Alert from '@mui/material/Alert';
import { useNavigate } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { viewBotPath } from '../components/bot-paths';
import { RcsBotForm } from '../components/RcsBotForm';
import { BOT_CRUMBS, useBotId, WithBot } from '../components/WithBot';

const TITLE = 'Update RCS Bot';
const ACTIONS = [{ intent: 'draft', label: 'Save changes', primary: true }] as const;

/** /u/update-rcs-bot?botId=: change the RCS agent; a live agent keeps what the network does not let change. */
export default function UpdateRcsBotPage() {
  const botId = useBotId();
  const canWrite = useCan('bots.write');
  const navigate = useNavigate();
  return (
    <WithBot botId={botId} title={TITLE}>
      {(bot) => (
        <PageFrame
          title={`Update ${bot.name}`}
          breadcrumbs={[...BOT_CRUMBS, { label: bot.name, to: viewBotPath(bot) }]}
          description="The RCS agent's details as Google's RBM shows them."
        >
          {!canWrite ? (
            <Alert severity="info">Your role can view bots, not change them.</Alert>
          ) : !bot.rcs ? (
            <Alert severity="info">This bot has no RCS channel.</Alert>
          ) : (
            <>
              {bot.locked_fields.length > 0 && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  This agent is submitted or live: Google's RBM does not let its information change now, so
                  only the message category and the chatbot platform can be changed here. The locked fields
                  say so.
                </Alert>
              )}
              <RcsBotForm
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
