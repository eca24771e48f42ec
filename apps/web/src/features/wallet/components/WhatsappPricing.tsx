import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { WhatsappPricingSort } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { whatsappPricingQueryOptions } from '../api/whatsapp-rate-cards';
import { RateCardTable } from './RateCardTable';

/** PRICING's WhatsApp part: each country's rate card in force, a price per Meta category. */
export function WhatsappPricing() {
  const [search, setSearch] = useState('');
  const paging = usePaging(10);
  const { page, pageSize, setPage } = paging;
  const sort = useListSort<WhatsappPricingSort>({ field: 'country', order: 'asc' }, () => setPage(0));
  const start = page * pageSize;
  const pricing = useQuery(
    whatsappPricingQueryOptions({ start, end: start + pageSize }, search.trim(), {
      sort: sort.field,
      order: sort.order,
    }),
  );

  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ overflow: 'hidden', mt: 3 }}
      aria-labelledby="wa-pricing"
    >
      <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
        <Typography id="wa-pricing" component="h2" variant="h3">
          WhatsApp prices per message
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          WhatsApp is priced by the recipient's country: a template message by its template's category
          (marketing, utility, authentication), any other message as a service reply in the customer service
          window.
        </Typography>
        <TextInput
          size="small"
          label="Search countries"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 300 }, mt: 1 }}
        />
      </Box>
      <ListStatus
        query={pricing}
        noun="WhatsApp prices"
        empty={
          <EmptyState
            headingLevel="h3"
            icon={<ChatOutlined />}
            title="No WhatsApp prices"
            message={search ? `No country matches “${search}”.` : 'No country has WhatsApp prices yet.'}
          />
        }
      >
        {(list) => (
          <>
            <RateCardTable
              cards={list.items}
              label="WhatsApp prices by country"
              sort={sort.tableSort}
              sortByPrice
            />
            <ListPagination paging={paging} count={list.total} />
          </>
        )}
      </ListStatus>
    </Paper>
  );
}
