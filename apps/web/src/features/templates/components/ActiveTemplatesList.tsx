import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { activeTemplatesQueryOptions } from '../api/get-templates';
import { CHANNEL_LABEL, TYPE_LABEL, templateDetailsPath } from './template-paths';

/** The active bot template list: the approved templates of launched bots, which campaigns send. */
export function ActiveTemplatesList({ botId }: { botId: string | null }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(10);
  const start = paging.page * paging.pageSize;
  const list = useQuery(
    activeTemplatesQueryOptions(
      { start, end: start + paging.pageSize },
      { bot_id: botId ?? undefined, search: debounced || undefined },
    ),
  );
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ p: 2 }}>
        <TextField
          size="small"
          label="Search active templates"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            paging.setPage(0);
          }}
        />
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
            <TableContainer>
              <Table size="small" aria-label="Active templates" sx={{ minWidth: 560 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Template</TableCell>
                    <TableCell>Channel</TableCell>
                    <TableCell>Type</TableCell>
                    <TableCell>Language</TableCell>
                    <TableCell>Version</TableCell>
                    <TableCell>Variables</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((item) => (
                    <TableRow key={item.version_id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={templateDetailsPath(item.template_id)}>
                          {item.name}
                        </Link>
                        <Box sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{item.bot_name}</Box>
                      </TableCell>
                      <TableCell>{CHANNEL_LABEL[item.channel]}</TableCell>
                      <TableCell>{TYPE_LABEL[item.type]}</TableCell>
                      <TableCell>{item.language}</TableCell>
                      <TableCell>v{item.version}</TableCell>
                      <TableCell sx={{ color: 'text.secondary' }}>
                        {item.variables.map((v) => `{{${v}}}`).join(', ') || 'None'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination paging={paging} count={data.total} />
          </>
        )}
      </ListStatus>
    </Paper>
  );
}
