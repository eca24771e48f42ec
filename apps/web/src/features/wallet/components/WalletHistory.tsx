import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  formatCurrency,
  formatDateTimeZoned,
  LEDGER_TRANSACTION_KINDS,
  type LedgerTransactionKind,
  type TWalletTransaction,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { DayField } from '@/lib/ui/DayField';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { ListPagination, type Paging, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { type ResponsiveColumn, ResponsiveTable, type TableSort } from '@/lib/ui/ResponsiveTable';
import { SelectField } from '@/lib/ui/SelectField';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { useExportWalletHistory } from '../api/export-wallet-history';
import { type WalletHistoryFilters, walletTransactionsQueryOptions } from '../api/get-wallet-transactions';
import { PendingCharges } from './PendingCharges';

const KIND_LABELS: Record<LedgerTransactionKind, string> = {
  topup: 'Top-up',
  debit: 'Charge',
  hold: 'Hold',
  capture: 'Capture',
  release: 'Release',
  adjustment: 'Adjustment',
};

/** What became of a hold: the verification it paid for is charged when approved, given back when rejected. */
const HOLD_STATUS_LABELS: Record<NonNullable<TWalletTransaction['hold_status']>, string> = {
  held: 'held',
  captured: 'charged',
  released: 'given back',
};

const TRANSACTION_COLUMNS: readonly ResponsiveColumn<TWalletTransaction>[] = [
  {
    label: 'Date',
    sortField: 'created_at',
    cellSx: { whiteSpace: 'nowrap' },
    render: (item) => String(formatDateTimeZoned(item.created_at)),
  },
  {
    label: 'Description',
    render: (item) => (
      <>
        <Typography variant="body2">{item.description}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {KIND_LABELS[item.kind]}
          {item.hold_status ? ` · ${HOLD_STATUS_LABELS[item.hold_status]}` : ''}
        </Typography>
      </>
    ),
  },
  {
    label: 'Amount',
    sortField: 'amount',
    align: 'right',
    cellSx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 500 },
    render: (item) => (
      <Box component="span" sx={{ color: item.amount.startsWith('-') ? 'text.primary' : 'success.dark' }}>
        {item.amount.startsWith('-') ? '' : '+'}
        {formatCurrency(item.amount)}
      </Box>
    ),
  },
  {
    label: 'Balance',
    align: 'right',
    cellSx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    render: (item) => formatCurrency(item.running_balance),
  },
  {
    label: 'Reference',
    cellSx: { color: 'text.secondary', wordBreak: 'break-all', fontSize: '0.8125rem' },
    render: (item) => item.reference ?? '—',
  },
];

/** The wallet's history: date, description, amount, running balance, reference; filters, pages, exports. */
export function WalletHistory() {
  const [filters, setFilters] = useState<WalletHistoryFilters>({});
  const paging = usePaging(10);
  const { setPage } = paging;
  const sort = useListSort<'created_at' | 'amount'>({ field: 'created_at', order: 'desc' }, () => setPage(0));
  const sorted: WalletHistoryFilters = { ...filters, sort: sort.field, order: sort.order };
  const exporter = useExportWalletHistory();
  const dateError =
    filters.from && filters.to && filters.from > filters.to ? 'To must not be before From' : null;

  const update = (next: Partial<WalletHistoryFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(0);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="wallet-history"
      sx={{ overflow: 'hidden' }}
    >
      <Box
        sx={{
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography id="wallet-history" variant="h2">
          Transaction history
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <ExportButtons
            disabled={exporter.isPending || dateError !== null}
            onExport={(format) => exporter.mutate({ format, filters: sorted })}
          />
        </Box>
      </Box>
      <Box
        sx={{
          px: 2,
          pb: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '160px 170px 170px minmax(0, 1fr)' },
          // Below md the rows are cards with no headers to click: the sort is a field of its own.
          '& > .sort-select': { gridColumn: { sm: '1 / -1' } },
        }}
      >
        <SelectField
          label="Type"
          all="All types"
          value={filters.kind ?? ''}
          options={LEDGER_TRANSACTION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          onChange={(kind) => update({ kind: (kind || undefined) as LedgerTransactionKind | undefined })}
        />
        <DayField
          label="From"
          value={filters.from ?? ''}
          onChange={(day) => update({ from: day || undefined })}
        />
        <DayField
          label="To"
          value={filters.to ?? ''}
          error={dateError}
          onChange={(day) => update({ to: day || undefined })}
        />
        <TextInput
          size="small"
          label="Search description or reference"
          value={filters.search ?? ''}
          onChange={(event) => update({ search: event.target.value || undefined })}
        />
        <Box className="sort-select" sx={{ display: { md: 'none' } }}>
          <SortSelect columns={TRANSACTION_COLUMNS} sort={sort.tableSort} />
        </Box>
      </Box>
      {exporter.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {errorMessage(exporter.error)}
        </Alert>
      )}
      <PendingCharges />
      <HistoryList filters={filters} sort={sort.tableSort} paging={paging} hidden={dateError !== null} />
    </Paper>
  );
}

/** The list itself, with its own query: when a page of history arrives, the filters above stay as they are. */
function HistoryList({
  filters,
  sort,
  paging,
  hidden,
}: {
  filters: WalletHistoryFilters;
  sort: TableSort;
  paging: Paging;
  hidden: boolean;
}) {
  const start = paging.page * paging.pageSize;
  const history = useQuery(
    walletTransactionsQueryOptions(
      { start, end: start + paging.pageSize },
      { ...filters, sort: sort.field as 'created_at' | 'amount', order: sort.order },
    ),
  );
  return (
    <ListStatus
      query={history}
      noun="transactions"
      hidden={hidden}
      empty={
        <EmptyState
          headingLevel="h3"
          icon={<ReceiptLongOutlined />}
          title="No transactions"
          message={
            Object.values(filters).some(Boolean)
              ? 'No transaction matches these filters.'
              : 'Top-ups and charges will be listed here.'
          }
        />
      }
    >
      {(list) => (
        <>
          <ResponsiveTable
            label="Transactions"
            columns={TRANSACTION_COLUMNS}
            rows={list.items}
            rowKey={(item) => item.transaction_id}
            sort={sort}
            tableSx={{ minWidth: 760 }}
            hover
          />
          <ListPagination paging={paging} count={list.total} />
        </>
      )}
    </ListStatus>
  );
}
