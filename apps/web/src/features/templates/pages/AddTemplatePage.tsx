import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { CHANNEL_TYPE, type TTemplateImport } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { TextInput } from '@/lib/ui/TextInput';
import { templateQueryOptions } from '../api/get-template';
import { templateBotsQueryOptions } from '../api/test-template';
import { ImportJsonButton, TemplateBuilder } from '../components/TemplateBuilder';
import { templateDetailsPath } from '../components/template-paths';

const CRUMBS = [
  { label: 'My Bots', to: '/u/dashboard' },
  { label: 'Templates', to: '/u/add-view-template' },
];

/** /u/addTemplate: a new template (?botId=), or a change of one (?templateId=: a new version once approved). */
export default function AddTemplatePage() {
  const [params] = useSearchParams();
  const templateId = params.get('templateId');
  return templateId ? (
    <EditTemplate templateId={templateId} />
  ) : (
    <NewTemplate initialBotId={params.get('botId')} />
  );
}

function EditTemplate({ templateId }: { templateId: string }) {
  const template = useQuery(templateQueryOptions(templateId));
  if (template.isError) return <Alert severity="error">{errorMessage(template.error)}</Alert>;
  if (!template.data) return <CenteredStatus label="Loading the template" />;
  const t = template.data;
  const approved = t.versions[0]?.status.key === 'approved' || t.versions[0]?.status.key === 'paused';
  return (
    <PageFrame
      title={`Edit ${t.name}`}
      breadcrumbs={[...CRUMBS, { label: t.name, to: templateDetailsPath(t.template_id) }]}
      description={
        approved
          ? `Saving makes version ${t.version + 1}, which needs approval again; version ${t.version} stays in use until then.`
          : 'Change the template and watch the preview; save it as a draft or submit it for approval.'
      }
    >
      {t.can_edit ? (
        <TemplateBuilder botId={t.bot_id} channel={t.channel} template={t} imported={null} />
      ) : (
        <Alert severity="info">This template cannot be changed while it is under review.</Alert>
      )}
    </PageFrame>
  );
}

function NewTemplate({ initialBotId }: { initialBotId: string | null }) {
  const bots = useQuery(templateBotsQueryOptions());
  const [botId, setBotId] = useState(initialBotId ?? '');
  const bot = bots.data?.items.find((b) => b.bot_id === botId);
  const channels = (bot?.channels ?? []).map((c) =>
    c.channel_type === CHANNEL_TYPE.whatsapp ? 'whatsapp' : 'rcs',
  );
  const [chosen, setChosen] = useState<'rcs' | 'whatsapp' | null>(null);
  const channel = chosen && channels.includes(chosen) ? chosen : (channels[0] ?? null);
  const [imported, setImported] = useState<{ data: TTemplateImport; n: number } | null>(null);
  return (
    <PageFrame
      title="Add Template"
      breadcrumbs={CRUMBS}
      description="Build the template beside its live preview: what you type shows on the handset, and every network limit is checked as you type."
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextInput
          select
          size="small"
          label="Bot"
          value={bot ? botId : ''}
          onChange={(event) => {
            setBotId(event.target.value);
            setImported(null);
          }}
          sx={{ minWidth: 240 }}
          helperText={bots.isError ? errorMessage(bots.error) : undefined}
        >
          {/* A select needs its options even while the bots load (MUI warns on none). */}
          {(bots.data?.items ?? []).map((b) => (
            <option key={b.bot_id} value={b.bot_id}>
              {b.name}
            </option>
          ))}
        </TextInput>
        {channels.length > 1 && (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Channel"
            // The unselected choice in text colour: the default grey misses AA contrast on the page background.
            sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
            value={channel}
            onChange={(_event, next: 'rcs' | 'whatsapp' | null) => {
              if (next) setChosen(next);
              setImported(null);
            }}
          >
            <ToggleButton value="rcs">RCS</ToggleButton>
            <ToggleButton value="whatsapp">WhatsApp</ToggleButton>
          </ToggleButtonGroup>
        )}
        {channel && (
          <ImportJsonButton
            channel={channel}
            onImported={(data) => setImported((prev) => ({ data, n: (prev?.n ?? 0) + 1 }))}
          />
        )}
      </Box>
      {bots.isPending && <CenteredStatus label="Loading your bots" />}
      {bots.data && !bot && <Alert severity="info">Choose the bot the template is for.</Alert>}
      {bot && channel && (
        <TemplateBuilder
          key={`${bot.bot_id}-${channel}-${imported?.n ?? 0}`}
          botId={bot.bot_id}
          channel={channel}
          template={null}
          imported={imported?.data ?? null}
        />
      )}
    </PageFrame>
  );
}
