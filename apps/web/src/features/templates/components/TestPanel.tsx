import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, type TTemplate, type TTemplateTestResult } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { type LocalSortColumn, useLocalSort } from '@/lib/ui/local-sort';
import { ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { testSummaryQueryOptions } from '../api/get-template';
import { testDevicesQueryOptions, useTestTemplate } from '../api/test-template';

const yes = (value: boolean) => (value ? 'Yes' : 'No');

const SUMMARY_COLUMNS: readonly LocalSortColumn<TTemplateTestResult>[] = [
  { label: 'Device', render: (r) => r.msisdn, sortValue: (r) => r.msisdn },
  { label: 'Sent', render: (r) => yes(r.sent), sortValue: (r) => yes(r.sent) },
  { label: 'Delivered', render: (r) => yes(r.delivered), sortValue: (r) => yes(r.delivered) },
  { label: 'Read', render: (r) => yes(r.read), sortValue: (r) => yes(r.read) },
  {
    label: 'Failed',
    render: (r) => (r.failed ? (r.error_message ?? 'Yes') : 'No'),
    sortValue: (r) => (r.failed ? (r.error_message ?? 'Yes') : 'No'),
  },
  {
    label: 'Tapped',
    render: (r) => (r.taps.length ? r.taps.map((t) => t.text ?? t.postback_data).join(', ') : 'Nothing'),
  },
];

/** Test: choose the bot's test devices, fill the variables, send; retest; the summary per device. */
export function TestPanel({ template }: { template: TTemplate }) {
  const canTest = useCan('templates.test');
  const latest = template.versions[0];
  const devices = useQuery({ ...testDevicesQueryOptions(template.bot_id), enabled: canTest });
  const summary = useQuery(testSummaryQueryOptions(template.template_id));
  const test = useTestTemplate(template.template_id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const usable = (devices.data?.items ?? []).filter(
    (d) => d.channel === template.channel && (d.channel === 'whatsapp' || d.invite_status === 'ACCEPTED'),
  );
  const variables = latest?.variables ?? [];
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="template-test"
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Typography id="template-test" variant="h2">
        Test
      </Typography>
      {canTest && (
        <>
          {devices.isError && <Alert severity="error">{errorMessage(devices.error)}</Alert>}
          {devices.data && usable.length === 0 && (
            <Alert severity="info">
              No{' '}
              {template.channel === 'rcs'
                ? 'RCS test device has accepted its invite'
                : 'WhatsApp test device'}{' '}
              yet:{' '}
              <Link component={RouterLink} to={`/u/bot-console?botId=${template.bot_id}`}>
                add one in the bot console
              </Link>
              .
            </Alert>
          )}
          {usable.length > 0 && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2">
                Test devices
              </Typography>
              {usable.map((d) => (
                <FormControlLabel
                  key={d.device_id}
                  label={d.msisdn}
                  control={
                    <Checkbox
                      checked={chosen.includes(d.device_id)}
                      onChange={(event) =>
                        setChosen((list) =>
                          event.target.checked
                            ? [...list, d.device_id]
                            : list.filter((id) => id !== d.device_id),
                        )
                      }
                    />
                  }
                />
              ))}
            </Box>
          )}
          {variables.length > 0 && (
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
              {variables.map((name) => (
                <TextInput
                  key={name}
                  size="small"
                  label={`Value of {{${name}}}`}
                  placeholder={latest?.sample_values[name] ?? ''}
                  helperText="Empty: the sample value"
                  value={values[name] ?? ''}
                  onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
                />
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<SendOutlined />}
              disabled={chosen.length === 0 || test.isPending}
              onClick={() => test.mutate({ kind: 'test', body: { device_ids: chosen, values: filled } })}
            >
              Send test
            </Button>
            <Button
              variant="outlined"
              startIcon={<ReplayOutlined />}
              disabled={!summary.data?.runs.length || test.isPending}
              onClick={() => test.mutate({ kind: 'retest' })}
            >
              Retest
            </Button>
          </Box>
          {test.isError && <Alert severity="error">{errorMessage(test.error)}</Alert>}
        </>
      )}
      <TestSummary
        results={summary.data?.runs[0]?.results ?? []}
        error={summary.isError ? summary.error : null}
      />
      {summary.data?.runs[0] && (
        <Typography variant="body2" color="text.secondary">
          Latest test: version {summary.data.runs[0].version},{' '}
          {String(formatDateTimeZoned(summary.data.runs[0].created_at))}
          {summary.data.runs[0].created_by_email ? ` by ${summary.data.runs[0].created_by_email}` : ''}.
        </Typography>
      )}
    </Paper>
  );
}

function TestSummary({ results, error }: { results: TTemplateTestResult[]; error: unknown }) {
  const sorted = useLocalSort(SUMMARY_COLUMNS, results);
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (results.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No test yet: the summary shows, per device, whether it was sent, delivered and read, and what was
        tapped.
      </Typography>
    );
  return (
    <ResponsiveTable
      label="Test summary"
      columns={sorted.columns}
      rows={sorted.rows}
      sort={sorted.sort}
      rowKey={(r) => `${r.msisdn}-${r.message_id ?? ''}`}
      rowAttributes={() => ({ 'data-testid': 'test-result' })}
      tableSx={{ minWidth: 560 }}
    />
  );
}
