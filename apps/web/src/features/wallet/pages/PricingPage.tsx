import SellOutlined from '@mui/icons-material/SellOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCurrency, formatDate, type PricingSort, type TCarrierPricing } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { type ResponsiveColumn, type ResponsiveExpansion, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { pricingQueryOptions } from '../api/get-pricing';
import { LowBalanceBanner } from '../components/LowBalanceBanner';
import { PriceGrid } from '../components/PriceGrid';
import { WhatsappPricing } from '../components/WhatsappPricing';

const CARRIER_COLUMNS: readonly ResponsiveColumn<TCarrierPricing>[] = [
  {
    label: 'Carrier',
    sortField: 'carrier',
    cellSx: { fontWeight: 500 },
    render: (carrier) => carrier.carrier_name,
  },
  {
    label: 'Country',
    sortField: 'country',
    render: (carrier) => (
      <>
        <Chip label={carrier.country_id} size="small" variant="outlined" sx={{ mr: 1 }} />
        {carrier.country_name}
      </>
    ),
  },
  {
    label: 'Plan',
    render: ({ plan }) => (plan ? `${plan.plan_code} · ${plan.partner_code}` : '—'),
  },
  {
    label: 'Verification',
    align: 'right',
    cellSx: { fontVariantNumeric: 'tabular-nums' },
    render: ({ plan }) => (plan ? formatCurrency(plan.verification_price) : 'No plan yet'),
  },
  {
    label: 'In force',
    cellSx: { color: 'text.secondary', whiteSpace: 'nowrap' },
    render: ({ plan }) =>
      plan
        ? `since ${formatDate(plan.effective_from)}${plan.effective_to ? `, until ${formatDate(plan.effective_to)}` : ''}`
        : '—',
  },
];

/** A carrier with a plan opens onto its prices per message. */
const CARRIER_PRICES: ResponsiveExpansion<TCarrierPricing> = {
  label: 'Prices',
  buttonLabel: (carrier, open) => `${open ? 'Hide' : 'Show'} ${carrier.carrier_name} prices`,
  when: (carrier) => carrier.plan !== null,
  render: (carrier) =>
    carrier.plan && <PriceGrid plan={carrier.plan} caption={`${carrier.carrier_name} prices per message`} />,
};

/** /u/my-carriers (PRICING): each carrier of the partner's region with its prices; WhatsApp per country below. */
export default function PricingPage() {
  // The low-balance banner is for partners with a wallet; admins who may read rate plans get a link to them.
  const hasEwallet = usePartnerDetails().details?.partners_profile.hasEwallet === true;
  const canReadRatePlans = useCan('rate-plans.read');
  const [search, setSearch] = useState('');
  const paging = usePaging(10);
  const { page, pageSize, setPage } = paging;
  const sort = useListSort<PricingSort['sort']>({ field: 'country', order: 'asc' }, () => setPage(0));
  const start = page * pageSize;
  const pricing = useQuery(
    pricingQueryOptions({ start, end: start + pageSize }, search.trim(), {
      sort: sort.field,
      order: sort.order,
    }),
  );

  return (
    <PageFrame
      title="Pricing"
      breadcrumbs={[{ label: 'Developer console', to: '/u/dashboard' }]}
      description="What each carrier charges for RCS: bot verification, and each message by billing category and message type; and what each country charges for WhatsApp, by message category. Prices are per message, in the plan's currency."
      actions={
        canReadRatePlans ? (
          <Button component={RouterLink} to="/admin/rate-plans" variant="outlined">
            Rate plans
          </Button>
        ) : undefined
      }
    >
      <LowBalanceBanner enabled={hasEwallet} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
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
          <TextInput
            size="small"
            label="Search carriers"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            sx={{ width: { xs: '100%', sm: 300 } }}
          />
          <Box sx={{ width: { xs: '100%', sm: 300 }, display: { md: 'none' } }}>
            <SortSelect columns={CARRIER_COLUMNS} sort={sort.tableSort} />
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {pricing.data
              ? `${pricing.data.total} carrier${pricing.data.total === 1 ? '' : 's'} · region ${pricing.data.region}`
              : ' '}
          </Typography>
        </Box>
        <ListStatus
          query={pricing}
          noun="prices"
          empty={
            <EmptyState
              headingLevel="h3"
              icon={<SellOutlined />}
              title="No carriers"
              message={
                search ? `No carrier matches “${search}”.` : 'No carrier in your region has prices yet.'
              }
            />
          }
        >
          {(list) => (
            <>
              <ResponsiveTable
                label="Carrier prices"
                columns={CARRIER_COLUMNS}
                sort={sort.tableSort}
                rows={list.items}
                rowKey={(carrier) => String(carrier.carrier_id)}
                expansion={CARRIER_PRICES}
                hover
              />
              <ListPagination paging={paging} count={list.total} />
            </>
          )}
        </ListStatus>
      </Paper>
      <WhatsappPricing />
    </PageFrame>
  );
}
