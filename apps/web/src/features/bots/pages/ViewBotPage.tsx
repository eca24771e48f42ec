import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BOT_API_TYPES,
  BOT_DRAFT_STATUSES,
  formatDateTimeZoned,
  type TBot,
  WHATSAPP_CATEGORIES,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { RcsAgentPreview, WhatsappProfilePreview } from '@/lib/rich-message/AgentPreview';
import { PageFrame } from '@/lib/ui/PageFrame';
import { StatusChip } from '@/lib/ui/StatusChip';
import { useCan } from '@/lib/use-can';
import { billingCategoriesQueryOptions, hostingRegionsQueryOptions } from '../api/get-bots';
import { useDeleteBot } from '../api/save-bot';
import { BotHistory } from '../components/BotHistory';
import { channelsLabel, resumeBotPath } from '../components/bot-paths';
import { DeleteBotDialog } from '../components/DeleteBotDialog';
import { BOT_CRUMBS, useBotId, WithBot } from '../components/WithBot';

const TITLE = 'Bot Details';

/** /u/view-bot-details/rcs, /whatsapp and /rcs-whatsapp (?botId=): the bot, its channels, carriers and history. */
export default function ViewBotPage() {
  const botId = useBotId();
  return (
    <WithBot botId={botId} title={TITLE}>
      {(bot) => <BotDetails bot={bot} />}
    </WithBot>
  );
}

function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: 1,
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, wordBreak: 'break-word', mb: { xs: 1, sm: 0 } }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function BotDetails({ bot }: { bot: TBot }) {
  const canWrite = useCan('bots.write');
  const canTest = useCan('bots.test');
  const canReadTemplates = useCan('templates.read');
  const remove = useDeleteBot();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const billing = useQuery(billingCategoriesQueryOptions);
  const regions = useQuery(hostingRegionsQueryOptions);
  const nameOf = (list: { code: string; name: string }[] | undefined, code: string) =>
    list?.find((item) => item.code === code)?.name ?? code;
  const resume = resumeBotPath(bot);
  const draft = BOT_DRAFT_STATUSES.includes(bot.status.code);
  const live = bot.locked_fields.length > 0;
  const actions = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {canWrite && resume && (
        <Button component={RouterLink} to={resume} variant="contained">
          Resume draft
        </Button>
      )}
      {canWrite && bot.rcs && !draft && (
        <Button component={RouterLink} to={`/u/update-rcs-bot?botId=${bot.bot_id}`} variant="outlined">
          Edit RCS
        </Button>
      )}
      {canWrite && bot.whatsapp && !draft && (
        <Button component={RouterLink} to={`/u/update-whatsapp-bot?botId=${bot.bot_id}`} variant="outlined">
          Edit WhatsApp
        </Button>
      )}
      {canWrite && !bot.whatsapp && (
        <Button
          component={RouterLink}
          to={`/u/create-bot/whatsapp-bot-details?botId=${bot.bot_id}`}
          variant="outlined"
        >
          Add WhatsApp
        </Button>
      )}
      {canWrite && (
        <Button component={RouterLink} to={`/u/listing?botId=${bot.bot_id}`} variant="outlined">
          Listing
        </Button>
      )}
      {canReadTemplates && (
        <Button component={RouterLink} to={`/u/add-view-template?botId=${bot.bot_id}`} variant="outlined">
          Templates
        </Button>
      )}
      {canTest && (
        <Button component={RouterLink} to={`/u/bot-console?botId=${bot.bot_id}`} variant="outlined">
          Test in the console
        </Button>
      )}
      {canWrite && bot.can_delete && (
        <Button
          color="error"
          sx={{ color: 'error.dark' }}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          Delete
        </Button>
      )}
    </Box>
  );
  return (
    <PageFrame
      title={bot.name}
      breadcrumbs={BOT_CRUMBS}
      description="Bot details, carriers and history."
      actions={actions}
    >
      <Stack spacing={3}>
        {bot.network_error && (
          <Alert severity="warning">
            The network refused the last attempt: {bot.network_error} The bot is kept as it was.
          </Alert>
        )}
        <Section id="bot-summary" title="Summary">
          <Facts
            rows={[
              ['Status', <StatusChip key="s" status={bot.status} />],
              ['Channels', channelsLabel(bot.channels)],
              ['Brand', bot.brand?.name ?? 'Not chosen yet'],
              ['Partner', bot.partner_name],
              ['Chatbot platform', bot.chatbot_platform?.name ?? 'None'],
              ['In the store', bot.listed_in_store ? 'Listed' : 'Not listed'],
              ['Created', String(formatDateTimeZoned(bot.created_at))],
              ['Last change', String(formatDateTimeZoned(bot.updated_at))],
              ...(bot.network.rbm_agent ? [['RBM agent', bot.network.rbm_agent] as [string, ReactNode]] : []),
              ...(bot.network.maap_bot_id
                ? [['MaaP bot id', bot.network.maap_bot_id] as [string, ReactNode]]
                : []),
              ...(bot.network.whatsapp_phone_number_id
                ? [['WhatsApp phone number id', bot.network.whatsapp_phone_number_id] as [string, ReactNode]]
                : []),
            ]}
          />
          {live && (
            <Alert severity="info" sx={{ mt: 2 }}>
              The bot is on its way to launch or live: the network lets only some fields change now (the edit
              pages say which).
            </Alert>
          )}
        </Section>
        {bot.rcs && (
          <Section id="bot-rcs" title="RCS agent">
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
              }}
            >
              <Facts
                rows={[
                  ['Display name', bot.rcs.display_name],
                  ['Description', bot.rcs.description],
                  ['Brand colour', bot.rcs.brand_color],
                  ['Phones', bot.rcs.phones.map((p) => `${p.number} (${p.label})`).join(', ') || '—'],
                  ['Emails', bot.rcs.emails.map((e) => `${e.address} (${e.label})`).join(', ') || '—'],
                  ['Websites', bot.rcs.websites.map((w) => `${w.url} (${w.label})`).join(', ') || '—'],
                  ['Privacy policy', bot.rcs.privacy_policy_url],
                  ['Terms of service', bot.rcs.terms_url],
                  ['Message category', bot.rcs.message_category],
                  ['Region', bot.rcs.region],
                  ['Billing category', nameOf(billing.data, bot.rcs.billing_category)],
                  ['API type', BOT_API_TYPES[bot.rcs.api_type]],
                  ['Hosting region', nameOf(regions.data, bot.rcs.hosting_region)],
                ]}
              />
              <RcsAgentPreview
                values={{
                  displayName: bot.rcs.display_name,
                  description: bot.rcs.description,
                  brandColor: bot.rcs.brand_color,
                  logoUrl: bot.logo_url,
                  bannerUrl: bot.banner_url,
                  phones: bot.rcs.phones,
                  emails: bot.rcs.emails,
                  websites: bot.rcs.websites,
                }}
              />
            </Box>
          </Section>
        )}
        {bot.whatsapp && (
          <Section id="bot-whatsapp" title="WhatsApp sender">
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
              }}
            >
              <Facts
                rows={[
                  ['Display name', bot.whatsapp.display_name],
                  ['Phone number', bot.whatsapp.phone],
                  ['About', bot.whatsapp.about],
                  ['Category', WHATSAPP_CATEGORIES[bot.whatsapp.category]],
                  ['WhatsApp Business Account', bot.whatsapp.waba_id],
                ]}
              />
              <WhatsappProfilePreview
                values={{
                  displayName: bot.whatsapp.display_name,
                  about: bot.whatsapp.about,
                  category: bot.whatsapp.category,
                  phone: bot.whatsapp.phone,
                  photoUrl: bot.photo_url,
                }}
              />
            </Box>
          </Section>
        )}
        <Section id="bot-carriers" title="Carriers">
          {bot.carriers.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No carrier is chosen yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {bot.carriers.map((carrier) => (
                <Box
                  component="li"
                  key={carrier.carrier_id}
                  sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {carrier.name} ({carrier.country_id})
                  </Typography>
                  <StatusChip status={carrier.status} />
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {String(formatDateTimeZoned(carrier.updated_at))}
                    {carrier.reason ? ` · ${carrier.reason}` : ''}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Section>
        <BotHistory botId={bot.bot_id} />
      </Stack>
      {confirming && (
        <DeleteBotDialog
          name={bot.name}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(bot.bot_id, { onSuccess: () => navigate('/u/dashboard') })}
          onClose={() => setConfirming(false)}
        />
      )}
    </PageFrame>
  );
}
