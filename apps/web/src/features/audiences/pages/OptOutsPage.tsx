import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  OPT_OUT_SOURCE_LABELS,
  OPT_OUT_SOURCES,
  type OptOutSort,
  type OptOutSource,
  type TOptOut,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import { PageFrame } from '@/lib/ui/PageFrame';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SelectField } from '@/lib/ui/SelectField';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { optOutsQueryOptions, useAddOptOut, useExportOptOuts, useRemoveOptOut } from '../api/audiences';

/** The partner's opt-out list: who wrote STOP or unsubscribed, numbers added by hand; search, export, add, remove. */
export default function OptOutsPage() {
  const canWrite = useCan('opt-outs.write');
  const [search, setSearch] = useState('');
  const [source, setSource] = useState<OptOutSource | ''>('');
  const [number, setNumber] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(10);
  const start = paging.page * paging.pageSize;
  const sort = useListSort<OptOutSort>({ field: 'opted_out_at', order: 'desc' }, () => paging.setPage(0));
  const filters = {
    search: debounced || undefined,
    source: source || undefined,
    sort: sort.field,
    order: sort.order,
  };
  const list = useQuery(optOutsQueryOptions({ start, end: start + paging.pageSize }, filters));
  const exporter = useExportOptOuts();
  const add = useAddOptOut();
  const remove = useRemoveOptOut();
  const filtered = Boolean(filters.search || filters.source);
  const columns: ResponsiveColumn<TOptOut>[] = [
    { label: 'Number', sortField: 'msisdn', render: (o) => o.msisdn },
    { label: 'Source', sortField: 'source', render: (o) => OPT_OUT_SOURCE_LABELS[o.source] },
    { label: 'Bot', sortField: 'bot_name', render: (o) => o.bot_name ?? '—' },
    {
      label: 'Opted out (UTC)',
      sortField: 'opted_out_at',
      render: (o) => formatDateTime(o.opted_out_at, '+00:00'),
    },
    {
      label: 'Actions',
      hideLabel: true,
      render: (o) =>
        canWrite && (
          <Button
            size="small"
            disabled={remove.isPending}
            aria-label={`Remove ${o.msisdn} from the list`}
            onClick={() => {
              if (window.confirm(`Remove ${o.msisdn}? Your bots may message this number again.`))
                remove.mutate(o.msisdn);
            }}
          >
            Remove
          </Button>
        ),
    },
  ];

  return (
    <PageFrame
      title="Opt-out List"
      breadcrumbs={[{ label: 'My Campaigns', to: '/u/my-campaigns' }]}
      description="Numbers your bots never message: people who wrote STOP or UNSUBSCRIBE to one of your bots, unsubscribed on their network, or that you added. Audiences leave them out; sends to them are refused."
      actions={
        <Button component={RouterLink} to="/u/audiences" variant="outlined" sx={{ whiteSpace: 'nowrap' }}>
          Audiences
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {canWrite && (
          <Paper
            component="form"
            variant="outlined"
            sx={{ p: 2, display: 'grid', gap: 1.5 }}
            aria-labelledby="add-opt-out-title"
            onSubmit={(event) => {
              event.preventDefault();
              add.mutate(number, { onSuccess: () => setNumber('') });
            }}
          >
            <Typography id="add-opt-out-title" component="h2" variant="h3">
              Add a number
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <TextInput
                size="small"
                label="Mobile number"
                placeholder="+919876543210"
                value={number}
                onChange={(event) => setNumber(event.target.value)}
                sx={{ flex: '1 1 220px' }}
              />
              <Button type="submit" variant="contained" disabled={number.trim() === '' || add.isPending}>
                Add to the list
              </Button>
            </Box>
            {add.isError && <Alert severity="error">{errorMessage(add.error)}</Alert>}
          </Paper>
        )}
        <Paper variant="outlined" sx={{ overflow: 'hidden' }} aria-label="Opted-out numbers">
          <ListToolbar
            wideColumns="minmax(0, 2fr) minmax(0, 1fr)"
            exporting={exporter.isPending}
            exportError={exporter.error}
            onExport={(format) => exporter.mutate({ format, filters })}
          >
            <TextInput
              size="small"
              label="Search by number"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                paging.setPage(0);
              }}
            />
            <SelectField
              label="Source"
              all="Any source"
              value={source}
              options={OPT_OUT_SOURCES.map((s) => ({ value: s, label: OPT_OUT_SOURCE_LABELS[s] }))}
              onChange={(value) => {
                setSource(value as OptOutSource | '');
                paging.setPage(0);
              }}
            />
            <SortSelect columns={columns} sort={sort.tableSort} />
          </ListToolbar>
          {remove.isError && (
            <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          )}
          <ListStatus
            query={list}
            noun="opted-out numbers"
            empty={
              <EmptyState
                headingLevel="h3"
                icon={<BlockOutlined />}
                title={filtered ? 'No number matches' : 'Nobody has opted out'}
                message={
                  filtered
                    ? 'Change the search or the source.'
                    : 'When someone writes STOP to one of your bots, their number appears here.'
                }
              />
            }
          >
            {(data) => (
              <>
                <ResponsiveTable
                  label="Opted-out numbers"
                  sort={sort.tableSort}
                  rows={data.items}
                  rowKey={(o) => o.msisdn}
                  columns={columns}
                />
                <ListPagination paging={paging} count={data.total} />
              </>
            )}
          </ListStatus>
        </Paper>
      </Box>
    </PageFrame>
  );
}
