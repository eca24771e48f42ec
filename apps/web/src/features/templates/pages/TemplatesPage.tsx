import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { TabCountLabel } from '@/lib/ui/TabCountLabel';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { templatePageCountsQueryOptions } from '../api/get-templates';
import { templateBotsQueryOptions } from '../api/test-template';
import { ActiveTemplatesList } from '../components/ActiveTemplatesList';
import { TemplatesList } from '../components/TemplatesList';
import { builderPath, templateDetailsPath } from '../components/template-paths';

/** /u/add-view-template: the bot's templates (every bot's without ?botId) and the active template list. */
export default function TemplatesPage() {
  const [params, setParams] = useSearchParams();
  const botId = params.get('botId');
  const [tab, setTab] = useState(params.get('tab') === 'active' ? 1 : 0);
  const canWrite = useCan('templates.write');
  const bots = useQuery(templateBotsQueryOptions());
  const counts = useQuery(templatePageCountsQueryOptions(botId ?? undefined)).data;
  const create = canWrite ? builderPath({ botId }) : undefined;
  return (
    <PageFrame
      title="Templates"
      breadcrumbs={[{ label: 'My Bots', to: '/u/dashboard' }]}
      description="Rich RCS templates and WhatsApp message templates of your bots: build, test and submit them for approval."
      actions={
        create && (
          <Button component={RouterLink} to={create} variant="contained" startIcon={<AddOutlined />}>
            Add template
          </Button>
        )
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextInput
          select
          size="small"
          label="Bot"
          value={botId ?? ''}
          sx={{ minWidth: 240 }}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('botId', event.target.value);
            else next.delete('botId');
            setParams(next, { replace: true });
          }}
        >
          <option value="">All bots</option>
          {bots.data?.items.map((bot) => (
            <option key={bot.bot_id} value={bot.bot_id}>
              {bot.name}
            </option>
          ))}
        </TextInput>
        <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Template lists">
          <Tab label={<TabCountLabel label="Templates" count={counts?.templates} />} />
          <Tab label={<TabCountLabel label="Active templates" count={counts?.active} />} />
        </Tabs>
      </Box>
      {tab === 0 ? (
        <TemplatesList botId={botId} viewPath={(id) => templateDetailsPath(id)} createPath={create} />
      ) : (
        <ActiveTemplatesList botId={botId} />
      )}
    </PageFrame>
  );
}
