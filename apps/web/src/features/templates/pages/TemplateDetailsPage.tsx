import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDateTimeZoned,
  type RcsTemplateContent,
  type TTemplate,
  type WhatsappTemplateContent,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { TemplatePreview } from '@/lib/rich-message/TemplatePreview';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { type DecisionChoice, DecisionDialog } from '@/lib/ui/DecisionDialog';
import { HistoryPanel } from '@/lib/ui/HistoryPanel';
import { useLocalSort } from '@/lib/ui/local-sort';
import { PageFrame } from '@/lib/ui/PageFrame';
import { ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { StatusChip } from '@/lib/ui/StatusChip';
import { useCan } from '@/lib/use-can';
import { templateHistoryQueryOptions, templateQueryOptions } from '../api/get-template';
import { useDeleteTemplate } from '../api/save-template';
import { useDecideTemplate } from '../api/template-decisions';
import { useDownloadTemplateJson } from '../api/template-json';
import { TestPanel } from '../components/TestPanel';
import { builderPath, CHANNEL_LABEL, TYPE_LABEL } from '../components/template-paths';

type Decision = 'approve' | 'reject';
const CHOICES: Record<Decision, DecisionChoice> = {
  approve: { label: 'Approve', reasonRequired: false, tone: 'success' },
  reject: { label: 'Reject', reasonRequired: true, tone: 'error' },
};

/** /u/view-template-details and /admin/template-details: the template, its versions, test, history, decisions. */
export default function TemplateDetailsPage() {
  const admin = useLocation().pathname.startsWith('/admin');
  const templateId = useSearchParams()[0].get('templateId') ?? '';
  const template = useQuery({ ...templateQueryOptions(templateId), enabled: templateId !== '' });
  const crumbs = admin
    ? [
        { label: 'Admin console', to: '/admin/dashboard' },
        { label: 'Templates', to: '/admin/templates' },
      ]
    : [
        { label: 'My Bots', to: '/u/dashboard' },
        { label: 'Templates', to: '/u/add-view-template' },
      ];
  if (!templateId || template.isError)
    return (
      <PageFrame title="Template Details" breadcrumbs={crumbs}>
        <Alert severity="error">
          {templateId ? errorMessage(template.error) : 'No template was chosen.'}
        </Alert>
      </PageFrame>
    );
  if (!template.data) return <CenteredStatus label="Loading the template…" />;
  return <Details template={template.data} admin={admin} crumbs={crumbs} />;
}

function Details({
  template,
  admin,
  crumbs,
}: {
  template: TTemplate;
  admin: boolean;
  crumbs: { label: string; to: string }[];
}) {
  const canWrite = useCan('templates.write');
  const canReview = useCan('templates.review');
  const decide = useDecideTemplate();
  const remove = useDeleteTemplate();
  const download = useDownloadTemplateJson();
  const history = useQuery(templateHistoryQueryOptions(template.template_id));
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<Decision | null>(null);
  const [deleting, setDeleting] = useState(false);
  const latest = template.versions[0];
  const decisions =
    admin && canReview ? (template.allowed_actions.filter((a) => a in CHOICES) as Decision[]) : [];
  const canSubmit = !admin && canWrite && template.allowed_actions.includes('submit');
  return (
    <PageFrame
      title={template.name}
      breadcrumbs={crumbs}
      description={`${CHANNEL_LABEL[template.channel]} ${TYPE_LABEL[template.type].toLowerCase()} template of ${template.bot_name}${admin ? ` (${template.partner_name})` : ''}, ${template.language}.`}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {decisions.map((action) => (
            <Button
              key={action}
              variant={action === 'reject' ? 'outlined' : 'contained'}
              color={CHOICES[action].tone}
              sx={action === 'reject' ? { color: 'error.dark', borderColor: 'error.dark' } : undefined}
              onClick={() => {
                decide.reset();
                setChoosing(action);
              }}
            >
              {CHOICES[action].label}
            </Button>
          ))}
          {canSubmit && (
            <Button
              variant="contained"
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate({ templateId: template.template_id, decision: { kind: 'submit' } })
              }
            >
              Submit for approval
            </Button>
          )}
          {!admin && canWrite && template.can_edit && (
            <Button
              component={RouterLink}
              to={builderPath({ templateId: template.template_id })}
              variant="outlined"
              startIcon={<EditOutlined />}
            >
              Edit
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={download.isPending}
            onClick={() => download.mutate({ templateId: template.template_id })}
          >
            Download JSON
          </Button>
          {!admin && canWrite && (
            <Button
              variant="outlined"
              startIcon={<DeleteOutlined />}
              sx={{ color: 'error.dark', borderColor: 'error.dark' }}
              disabled={!template.can_delete}
              title={template.delete_refusal ?? undefined}
              onClick={() => {
                remove.reset();
                setDeleting(true);
              }}
            >
              Delete
            </Button>
          )}
        </Box>
      }
    >
      <Stack spacing={3}>
        {decide.isError && choosing === null && <Alert severity="error">{errorMessage(decide.error)}</Alert>}
        {download.isError && <Alert severity="error">{errorMessage(download.error)}</Alert>}
        {!admin && template.delete_refusal && (
          <Alert severity="info">It cannot be deleted now: {template.delete_refusal}</Alert>
        )}
        {latest?.network_error && (
          <Alert severity="error">The network refused it: {latest.network_error}</Alert>
        )}
        {latest?.reason && latest.status.key === 'rejected' && (
          <Alert severity="warning">Rejected: {latest.reason}</Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <Versions template={template} />
            {!admin && <TestPanel template={template} />}
            <HistoryPanel query={history} id="template-history" />
          </Stack>
          {latest && (
            <Box component="aside" aria-labelledby="template-preview">
              <Typography id="template-preview" variant="h2" sx={{ mb: 1.5, textAlign: 'center' }}>
                Version {latest.version} preview
              </Typography>
              {template.channel === 'rcs' ? (
                <TemplatePreview
                  channel="rcs"
                  content={latest.content as RcsTemplateContent}
                  values={latest.sample_values}
                />
              ) : (
                <TemplatePreview channel="whatsapp" content={latest.content as WhatsappTemplateContent} />
              )}
            </Box>
          )}
        </Box>
      </Stack>
      {choosing && (
        <DecisionDialog
          subjectName={template.name}
          choice={CHOICES[choosing]}
          pending={decide.isPending}
          error={decide.error}
          onConfirm={(reason) =>
            decide.mutate(
              { templateId: template.template_id, decision: { kind: choosing, reason } },
              { onSuccess: () => setChoosing(null) },
            )
          }
          onClose={() => setChoosing(null)}
        />
      )}
      {deleting && (
        <Dialog
          open
          onClose={remove.isPending ? undefined : () => setDeleting(false)}
          aria-labelledby="delete-template-title"
        >
          <DialogTitle id="delete-template-title">Delete {template.name}?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              Every version of the template is deleted
              {template.channel === 'whatsapp' ? ', on Meta too' : ''}. This cannot be undone.
            </DialogContentText>
            {remove.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorMessage(remove.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setDeleting(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="contained"
              color="error"
              sx={{ bgcolor: 'error.dark' }}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(template.template_id, {
                  onSuccess: () => navigate(`/u/add-view-template?botId=${template.bot_id}`),
                })
              }
            >
              Delete template
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </PageFrame>
  );
}

function Versions({ template }: { template: TTemplate }) {
  const download = useDownloadTemplateJson();
  const versions = useLocalSort<TTemplate['versions'][number]>(
    [
      {
        label: 'Version',
        sortValue: (v) => v.version,
        render: (v) => `v${v.version}${v.version === template.active_version ? ' (in use)' : ''}`,
      },
      {
        label: 'Status',
        sortValue: (v) => v.status.label,
        render: (v) => (
          <>
            <StatusChip status={v.status} data-testid="template-status" />
            {v.quality && (
              <Box sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
                Quality: {v.quality.toLowerCase()}
              </Box>
            )}
          </>
        ),
      },
      {
        label: 'Submitted',
        sortValue: (v) => v.submitted_at,
        cellSx: { whiteSpace: 'nowrap' },
        render: (v) => (v.submitted_at ? String(formatDateTimeZoned(v.submitted_at)) : '—'),
      },
      {
        label: 'Decided',
        sortValue: (v) => v.decided_at,
        cellSx: { whiteSpace: 'nowrap' },
        render: (v) => (v.decided_at ? String(formatDateTimeZoned(v.decided_at)) : '—'),
      },
      { label: 'Reason', render: (v) => v.reason ?? '—' },
      {
        label: 'JSON',
        render: (v) => (
          <Button
            size="small"
            aria-label={`Download version ${v.version} as JSON`}
            onClick={() => download.mutate({ templateId: template.template_id, version: v.version })}
          >
            Download
          </Button>
        ),
      },
    ],
    template.versions,
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="template-versions"
      sx={{ overflow: 'hidden' }}
    >
      <Typography id="template-versions" variant="h2" sx={{ p: 2, pb: 1 }}>
        Versions
      </Typography>
      {template.active_version !== null && template.active_version !== template.version && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          Version {template.active_version} stays in use until version {template.version} is approved.
        </Alert>
      )}
      <ResponsiveTable
        label="Versions"
        tableSx={{ minWidth: 520 }}
        rows={versions.rows}
        columns={versions.columns}
        sort={versions.sort}
        rowKey={(v) => v.version_id}
      />
    </Paper>
  );
}
