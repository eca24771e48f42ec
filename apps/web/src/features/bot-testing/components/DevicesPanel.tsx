import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  TESTER_INVITE_LABELS,
  TESTER_INVITE_STATUSES,
  type TesterInviteStatus,
  type TTestBot,
  type TTestDevice,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { SelectField, type SelectOption } from '@/lib/ui/SelectField';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type DeviceStep, devicesQueryOptions, useDeviceStep, useExportDevices } from '../api/bot-testing';
import type { DeviceFilters } from '../api/keys';
import { AddDeviceForm } from './AddDeviceForm';
import { InviteChip } from './InviteChip';

type Sort = 'created_at:desc' | 'created_at:asc' | 'msisdn:asc' | 'invite_status:asc';
const SORTS: SelectOption<Sort>[] = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'msisdn:asc', label: 'Number' },
  { value: 'invite_status:asc', label: 'Invite state' },
];

/** The bot's test devices: add, search, filter, sort, pages; per device its invite and capability. */
export function DevicesPanel({
  bot,
  selected,
  onSelect,
}: {
  bot: TTestBot;
  selected: string | null;
  onSelect: (deviceId: string | null) => void;
}) {
  const canTest = useCan('bots.test');
  const [search, setSearch] = useState('');
  const [invite, setInvite] = useState<TesterInviteStatus | ''>('');
  const [channel, setChannel] = useState<'' | 'rcs' | 'whatsapp'>('');
  const [sort, setSort] = useState<Sort>('created_at:desc');
  const paging = usePaging(10);
  const debounced = useDebouncedValue(search.trim(), 300);
  const [sortField, order] = sort.split(':') as [NonNullable<DeviceFilters['sort']>, 'asc' | 'desc'];
  const filters: DeviceFilters = {
    search: debounced || undefined,
    invite_status: invite || undefined,
    channel: channel || undefined,
    sort: sortField,
    order,
  };
  const start = paging.page * paging.pageSize;
  const list = useQuery(devicesQueryOptions(bot.bot_id, { start, end: start + paging.pageSize }, filters));
  const step = useDeviceStep(bot.bot_id);
  const exporter = useExportDevices(bot.bot_id);
  const [deleting, setDeleting] = useState<TTestDevice | null>(null);
  const reset = () => paging.setPage(0);
  const filtered = Boolean(filters.search || filters.invite_status || filters.channel);

  const run = (device: TTestDevice, what: DeviceStep) =>
    step.mutate(
      { device, step: what },
      {
        onSuccess: () => {
          if (what === 'delete') {
            setDeleting(null);
            if (selected === device.device_id) onSelect(null);
          }
        },
      },
    );

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Typography component="h2" variant="h3">
          Test devices
        </Typography>
        {canTest && <AddDeviceForm bot={bot} onAdded={(id) => onSelect(id)} />}
        {bot.testable.length === 0 && (
          <Alert severity="info">
            This bot is not registered on a network yet: submit its details before adding test devices.
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput
            size="small"
            label="Search number"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              reset();
            }}
          />
          <SelectField
            label="Sort"
            value={sort}
            options={SORTS}
            onChange={(next) => {
              setSort(next);
              reset();
            }}
          />
          {bot.channels.length > 1 && (
            <TextInput
              select
              size="small"
              label="Channel"
              value={channel}
              onChange={(event) => {
                setChannel(event.target.value as typeof channel);
                reset();
              }}
            >
              <option value="">All channels</option>
              <option value="rcs">RCS</option>
              <option value="whatsapp">WhatsApp</option>
            </TextInput>
          )}
          {bot.invites_testers && (
            <TextInput
              select
              size="small"
              label="Invite"
              value={invite}
              onChange={(event) => {
                setInvite(event.target.value as typeof invite);
                reset();
              }}
            >
              <option value="">Any invite state</option>
              {TESTER_INVITE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {TESTER_INVITE_LABELS[status]}
                </option>
              ))}
            </TextInput>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <ExportButtons
            disabled={exporter.isPending}
            onExport={(format) => exporter.mutate({ format, filters })}
          />
        </Box>
        {exporter.isError && <Alert severity="error">{errorMessage(exporter.error)}</Alert>}
        {step.isError && <Alert severity="error">{errorMessage(step.error)}</Alert>}
      </Box>
      <ListStatus
        query={list}
        noun="test devices"
        empty={
          <EmptyState
            headingLevel="h3"
            icon={<PhoneIphoneOutlined />}
            title={filtered ? 'No device matches' : 'No test devices yet'}
            message={
              filtered
                ? 'Change the search or the filters.'
                : 'Add a phone number above. Open the sandbox handset (/sandbox) with that number to answer the invite and see the messages.'
            }
          />
        }
      >
        {(data) => (
          <>
            <List aria-label="Test devices" disablePadding>
              {data.items.map((device) => {
                const isSelected = device.device_id === selected;
                return (
                  <ListItem
                    key={device.device_id}
                    divider
                    sx={{
                      display: 'grid',
                      gap: 1,
                      bgcolor: isSelected ? 'custom.lightest' : undefined,
                      borderLeft: 3,
                      borderLeftColor: isSelected ? 'primary.main' : 'transparent',
                    }}
                  >
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                      <Typography component="span" sx={{ fontWeight: 600, mr: 'auto' }}>
                        {device.msisdn}
                      </Typography>
                      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                        {device.channel === 'rcs' ? 'RCS' : 'WhatsApp'}
                      </Typography>
                      <InviteChip device={device} />
                    </Box>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {device.capable === null
                        ? 'Capability not checked'
                        : device.capable
                          ? device.channel === 'whatsapp'
                            ? 'Capable: on WhatsApp'
                            : `Capable: RCS, ${device.features.length} feature${device.features.length === 1 ? '' : 's'}`
                          : device.channel === 'rcs'
                            ? 'Not RCS-capable'
                            : 'Not on WhatsApp'}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                      <Button
                        size="small"
                        variant={isSelected ? 'contained' : 'outlined'}
                        aria-pressed={isSelected}
                        aria-label={`Open the console with ${device.msisdn}`}
                        onClick={() => onSelect(device.device_id)}
                      >
                        {isSelected ? 'In console' : 'Open console'}
                      </Button>
                      {canTest && device.invite_status && (
                        <>
                          <Button
                            size="small"
                            disabled={step.isPending}
                            onClick={() => run(device, 'invite')}
                          >
                            Resend invite
                          </Button>
                          <Button
                            size="small"
                            disabled={step.isPending}
                            onClick={() => run(device, 'refresh')}
                          >
                            Refresh
                          </Button>
                        </>
                      )}
                      {canTest && (
                        <>
                          <Button
                            size="small"
                            disabled={step.isPending}
                            onClick={() => run(device, 'capability')}
                          >
                            Check capability
                          </Button>
                          <Button
                            size="small"
                            sx={{ color: 'error.dark' }}
                            disabled={step.isPending}
                            aria-label={`Delete ${device.msisdn}`}
                            onClick={() => setDeleting(device)}
                          >
                            Delete
                          </Button>
                        </>
                      )}
                    </Box>
                  </ListItem>
                );
              })}
            </List>
            <ListPagination paging={paging} count={data.total} />
          </>
        )}
      </ListStatus>
      {deleting && (
        <Dialog
          open
          onClose={step.isPending ? undefined : () => setDeleting(null)}
          aria-labelledby="delete-device-title"
        >
          <DialogTitle id="delete-device-title">Delete {deleting.msisdn}?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              The number is removed from this bot's test devices, with its console conversation.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)} disabled={step.isPending}>
              Cancel
            </Button>
            <Button
              variant="contained"
              sx={{ bgcolor: 'error.dark', '&:hover': { bgcolor: 'error.dark' } }}
              disabled={step.isPending}
              onClick={() => run(deleting, 'delete')}
            >
              Delete
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
