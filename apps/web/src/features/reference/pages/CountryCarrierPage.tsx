import CellTowerOutlined from '@mui/icons-material/CellTowerOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CarrierSort, TCountry } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { carriersQueryOptions, countriesQueryOptions } from '@/lib/queries/reference-data';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { PageFrame } from '@/lib/ui/PageFrame';
import { SortableHeaderCell } from '@/lib/ui/ResponsiveTable';
import { useListSort } from '@/lib/ui/SortSelect';
import { AutocompleteInput } from '@/lib/ui/TextInput';

/** /country-carrier-page: the public list of countries and the carriers a bot can launch on. */
export default function CountryCarrierPage() {
  const [country, setCountry] = useState<TCountry | null>(null);
  const paging = usePaging(25);
  const { page, pageSize, setPage } = paging;

  // Three short columns fit a phone: the headers stay, so they sort at every width.
  const sort = useListSort<CarrierSort>({ field: 'country', order: 'asc' }, () => setPage(0));

  const countries = useQuery(countriesQueryOptions);
  const start = page * pageSize;
  const carriers = useQuery(
    carriersQueryOptions({
      start,
      end: start + pageSize,
      countryId: country?.country_id,
      sort: { sort: sort.field, order: sort.order },
    }),
  );

  return (
    <PageFrame
      title="Countries and Carriers"
      breadcrumbs={[{ label: 'Home', to: '/' }]}
      description="The mobile networks a bot can be launched on, by country. Pick a country to see only its carriers."
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Autocomplete
            options={countries.data?.items ?? []}
            loading={countries.isPending}
            value={country}
            onChange={(_event, value) => {
              setCountry(value);
              setPage(0);
            }}
            getOptionLabel={(option) => `${option.name} (${option.dialling_code})`}
            isOptionEqualToValue={(option, value) => option.country_id === value.country_id}
            sx={{ width: { xs: '100%', sm: 340 } }}
            renderInput={(params) => (
              <AutocompleteInput params={params} label="Country" placeholder="All countries" size="small" />
            )}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {carriers.data
              ? `${carriers.data.total} carrier${carriers.data.total === 1 ? '' : 's'}${country ? ` in ${country.name}` : ''}`
              : ' '}
            {countries.data ? ` · ${countries.data.total} countries` : ''}
          </Typography>
        </Stack>
        {carriers.isFetching && (
          <LinearProgress aria-label="Loading carriers" sx={{ borderRadius: 0, height: 3 }} />
        )}
        {countries.isError && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            Countries could not be loaded: {errorMessage(countries.error)}
          </Alert>
        )}
        {carriers.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert severity="error">Carriers could not be loaded: {errorMessage(carriers.error)}</Alert>
          </Box>
        ) : carriers.data && carriers.data.items.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <EmptyState
              icon={<CellTowerOutlined />}
              title="No carriers listed"
              message={
                country ? `No carrier in ${country.name} is available yet.` : 'No carrier is available yet.'
              }
            />
          </Box>
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label="Carriers">
                <TableHead>
                  <TableRow>
                    <SortableHeaderCell label="Carrier" field="carrier" sort={sort.tableSort} />
                    <SortableHeaderCell label="Country" field="country" sort={sort.tableSort} />
                    <SortableHeaderCell label="MCC-MNC" field="mcc_mnc" sort={sort.tableSort} />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(carriers.data?.items ?? []).map((carrier) => (
                    <TableRow key={carrier.carrier_id} hover>
                      <TableCell sx={{ fontWeight: 500 }}>{carrier.carrier_name}</TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Chip label={carrier.country_id} size="small" variant="outlined" />
                          <span>{carrier.country_name}</span>
                        </Stack>
                      </TableCell>
                      <TableCell sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
                        {carrier.mcc_mnc ?? '—'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination paging={paging} count={carriers.data?.total ?? 0} />
          </>
        )}
      </Paper>
    </PageFrame>
  );
}
