import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { formatDateTime, type RateCardSort, type TWhatsappRateCard } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import type { ResponsiveColumn } from '@/lib/ui/ResponsiveTable';
import { useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { rateCardsQueryOptions, useExportRateCards } from '../api/whatsapp-rate-cards';
import { cardStatus, RateCardTable } from './RateCardTable';

// The form loads when a version is started, not with the list.
const RateCardDialog = lazy(() => import('./RateCardDialog').then((m) => ({ default: m.RateCardDialog })));

/**
 * The rate-plans screen's WhatsApp tab: every version of each country's card (search, pages,
 * Excel/PDF); read-write admins add versions, from scratch or from a version's prices.
 */
export function RateCardsPanel({ canEdit }: { canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ from: TWhatsappRateCard | null } | null>(null);
  const paging = usePaging(10);
  const { page, pageSize, setPage } = paging;
  const sort = useListSort<RateCardSort>({ field: 'country', order: 'asc' }, () => setPage(0));
  const order = { sort: sort.field, order: sort.order };
  const start = page * pageSize;
  const cards = useQuery(rateCardsQueryOptions({ start, end: start + pageSize }, search.trim(), order));
  const exporter = useExportRateCards();

  const extra: ResponsiveColumn<TWhatsappRateCard>[] = [
    {
      label: 'Status',
      render: (card) => {
        const state = cardStatus(card);
        return <Chip label={state.label} color={state.color} size="small" />;
      },
    },
    {
      label: 'Until',
      cellSx: { whiteSpace: 'nowrap' },
      render: (card) => (card.effective_to ? String(formatDateTime(card.effective_to)) : '—'),
    },
  ];
  if (canEdit)
    extra.push({
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      render: (card) => (
        <Button size="small" onClick={() => setDialog({ from: card })}>
          New version
        </Button>
      ),
    });

  return (
    <>
      <ListToolbar
        wideColumns="minmax(0, 1fr) auto"
        onExport={(format) => exporter.mutate({ format, search: search.trim(), order })}
        exporting={exporter.isPending}
        exportError={exporter.error}
      >
        <TextInput
          size="small"
          label="Search countries"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
        />
        {canEdit && (
          <Button variant="outlined" onClick={() => setDialog({ from: null })} sx={{ justifySelf: 'end' }}>
            New WhatsApp rate card
          </Button>
        )}
      </ListToolbar>
      <ListStatus
        query={cards}
        noun="WhatsApp rate cards"
        empty={
          <EmptyState
            headingLevel="h3"
            icon={<ChatOutlined />}
            title="No WhatsApp rate cards"
            message={
              search
                ? `No country matches “${search}”.`
                : 'WhatsApp messages are priced by the recipient country’s card: add one per country.'
            }
          />
        }
      >
        {(list) => (
          <>
            <RateCardTable
              cards={list.items}
              label="WhatsApp rate card versions"
              extra={extra}
              sort={sort.tableSort}
            />
            <ListPagination paging={paging} count={list.total} />
          </>
        )}
      </ListStatus>
      {dialog && (
        <Suspense fallback={null}>
          <RateCardDialog
            key={dialog.from?.rate_card_id ?? 'new'}
            from={dialog.from}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </>
  );
}
