import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import type { ActiveTemplateSort, TActiveTemplate } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { activeTemplatesQueryOptions } from '../api/get-templates';
import { CHANNEL_LABEL, TYPE_LABEL, templateDetailsPath } from './template-paths';

const ACTIVE_COLUMNS: readonly ResponsiveColumn<TActiveTemplate>[] = [
  {
    label: 'Template',
    sortField: 'name',
    render: (item) => (
      <>
        <Link component={RouterLink} to={templateDetailsPath(item.template_id)}>
          {item.name}
        </Link>
        <Box sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{item.bot_name}</Box>
      </>
    ),
  },
  { label: 'Channel', sortField: 'channel', render: (item) => CHANNEL_LABEL[item.channel] },
  { label: 'Type', render: (item) => TYPE_LABEL[item.type] },
  { label: 'Language', sortField: 'language', render: (item) => item.language },
  { label: 'Version', sortField: 'version', render: (item) => `v${item.version}` },
  {
    label: 'Variables',
    cellSx: { color: 'text.secondary' },
    render: (item) => item.variables.map((v) => `{{${v}}}`).join(', ') || 'None',
  },
];

/** The active bot template list: the approved templates of launched bots, which campaigns send. */
export function ActiveTemplatesList({ botId }: { botId: string | null }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(10);
  const sort = useListSort<ActiveTemplateSort>({ field: 'name', order: 'asc' }, () => paging.setPage(0));
  const start = paging.page * paging.pageSize;
  const list = useQuery(
    activeTemplatesQueryOptions(
      { start, end: start + paging.pageSize },
      { bot_id: botId ?? undefined, search: debounced || undefined, sort: sort.field, order: sort.order },
    ),
  );
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ p: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextInput
          size="small"
          label="Search active templates"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            paging.setPage(0);
          }}
        />
        <SortSelect columns={ACTIVE_COLUMNS} sort={sort.tableSort} />
      </Box>
      <ListStatus
        query={list}
        noun="active templates"
        empty={
          <EmptyState
            headingLevel="h3"
            icon={<CheckCircleOutlined />}
            title="No active templates"
            message="Approved templates of launched bots are listed here: campaigns send them."
          />
        }
      >
        {(data) => (
          <>
            <ResponsiveTable
              label="Active templates"
              tableSx={{ minWidth: 560 }}
              hover
              columns={ACTIVE_COLUMNS}
              sort={sort.tableSort}
              rows={data.items}
              rowKey={(item) => item.version_id}
            />
            <ListPagination paging={paging} count={data.total} />
          </>
        )}
      </ListStatus>
    </Paper>
  );
}
