import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_SMS_TEXT_MAX,
  campaignMediaKind,
  formatCurrency,
  formatMicros,
  mappingProblems,
  parseMoney,
  type RcsTemplateContent,
  type TActiveTemplate,
  type TCampaignCreateRequest,
  type TCampaignDetails,
  type TCampaignEstimate,
  type TemplateMedia,
  TIME_ZONE_OFFSETS,
  templateMediaKinds,
  type WhatsappTemplateContent,
  withRcsMedia,
  ZCampaignCreateRequest,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { UploadPanel } from '@/lib/audiences/UploadPanel';
import { errorMessage } from '@/lib/http/api-error';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { PreviewBeside } from '@/lib/rich-message/PreviewBeside';
import { DayField } from '@/lib/ui/DayField';
import { EmptyState } from '@/lib/ui/EmptyState';
import { type LocalSortColumn, useLocalSort } from '@/lib/ui/local-sort';
import { PageFrame } from '@/lib/ui/PageFrame';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { sortableHeader } from '@/lib/ui/SortableHeader';
import { TextInput } from '@/lib/ui/TextInput';
import { useApprovalRefusal, useCan } from '@/lib/use-can';
import {
  activeTemplatesQueryOptions,
  audienceRecipientsQueryOptions,
  campaignQueryOptions,
  formAudiencesQueryOptions,
  formTemplateQueryOptions,
  useEstimateCampaign,
  useSaveCampaign,
} from '../api/campaigns';
import { type CampaignDraft, draftKey, EMPTY_DRAFT, useDraft } from '../api/draft';
import { CampaignReach } from '../components/CampaignReach';
import { campaignPath } from '../components/paths';
import { RecipientPreview } from '../components/RecipientPreview';

/** Loaded when a template that takes media is chosen (most are not): the route stays as light as it was. */
const CampaignMediaField = lazy(() =>
  import('../components/CampaignMediaField').then((m) => ({ default: m.CampaignMediaField })),
);

const STEPS = ['Campaign', 'Audience', 'Personalise', 'Delivery', 'Cost and start'] as const;
type StepIndex = 0 | 1 | 2 | 3 | 4;

const CRUMBS = [{ label: 'My Campaigns', to: '/u/my-campaigns' }];

/** The draft of a campaign being edited: what it holds now. */
function draftOf(c: TCampaignDetails): CampaignDraft {
  return {
    ...EMPTY_DRAFT,
    name: c.name,
    bot_id: c.bot_id,
    template_id: c.template_id,
    audience_id: c.audience_id,
    variables: { ...c.variables },
    fallback: c.fallback.kind,
    sms_text: c.fallback.kind === 'sms' ? c.fallback.text : '',
    when: c.schedule.kind,
    date: c.schedule.kind === 'at' ? c.schedule.date : '',
    time: c.schedule.kind === 'at' ? c.schedule.time : '',
    time_zone: c.schedule.kind === 'at' ? c.schedule.time_zone : c.time_zone,
    media_key: c.media?.key ?? '',
  };
}

/** The create request the form's draft makes (the shared contract checks it). */
export function requestOf(d: CampaignDraft): TCampaignCreateRequest {
  return {
    name: d.name,
    bot_id: d.bot_id,
    template_id: d.template_id,
    audience_id: d.audience_id,
    variables: d.variables,
    fallback: d.fallback === 'sms' ? { kind: 'sms', text: d.sms_text } : { kind: 'skip' },
    schedule:
      d.when === 'now'
        ? { kind: 'now' }
        : {
            kind: 'at',
            date: d.date,
            time: d.time,
            time_zone: d.time_zone as Extract<
              TCampaignCreateRequest['schedule'],
              { kind: 'at' }
            >['time_zone'],
          },
    media_key: d.media_key || null,
  };
}

/**
 * What stops the draft from being saved, by field: the shared contract's messages, and the mapping
 * rule (every variable of the template mapped to one of the audience's columns).
 */
export function problemsOf(
  d: CampaignDraft,
  templateVariables: readonly string[],
  audienceColumns: readonly string[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = ZCampaignCreateRequest.safeParse(requestOf(d));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      problems[key] ??= issue.message;
    }
  const { missing, unknownColumns } = mappingProblems(templateVariables, d.variables, audienceColumns);
  for (const variable of missing)
    problems[`variables.${variable}`] ??= `Choose the column that fills {{${variable}}}.`;
  if (unknownColumns.length > 0 && audienceColumns.length > 0)
    problems.variables ??= `The audience has no column ${unknownColumns.join(', ')}: choose again.`;
  return problems;
}

/** The fields each step holds (a problem sends the developer back to its step). */
const STEP_FIELDS: Record<StepIndex, readonly string[]> = {
  0: ['name', 'bot_id', 'template_id', 'media_key'],
  1: ['audience_id'],
  2: ['variables'],
  3: ['fallback', 'schedule'],
  4: [],
};
const stepOf = (key: string): StepIndex =>
  ([0, 1, 2, 3] as const).find((s) => STEP_FIELDS[s].some((f) => key === f || key.startsWith(`${f}.`))) ?? 4;

type FormTemplate =
  | { channel: 'rcs'; content: RcsTemplateContent }
  | { channel: 'whatsapp'; content: WhatsappTemplateContent };

/** The template as this campaign sends it: its own media replaced by the campaign's upload, if any. */
function withCampaignMedia(template: FormTemplate, mediaKey: string): FormTemplate {
  const kind = mediaKey ? campaignMediaKind(mediaKey) : null;
  if (!kind) return template;
  const media: TemplateMedia = { source: 'url', url: `/api/v1/files/${mediaKey}`, kind };
  if (template.channel === 'rcs') return { ...template, content: withRcsMedia(template.content, media) };
  const header = template.content.header;
  return header && header.format !== 'TEXT'
    ? { ...template, content: { ...template.content, header: { ...header, media } } }
    : template;
}

/**
 * The bots that have an approved template, once each, in the active list's order: launched bots,
 * and bots not launched yet that have test devices (their campaigns send only to those).
 */
function botsOf(templates: readonly TActiveTemplate[]) {
  const seen = new Map<
    string,
    { bot_id: string; name: string; channel: TActiveTemplate['channel']; launched: boolean }
  >();
  for (const t of templates)
    if (!seen.has(t.bot_id))
      seen.set(t.bot_id, {
        bot_id: t.bot_id,
        name: t.bot_name,
        channel: t.channel,
        launched: t.bot_launched,
      });
  return [...seen.values()];
}

const botItem = (b: ReturnType<typeof botsOf>[number]) => (
  <option key={b.bot_id} value={b.bot_id}>
    {b.name} ({b.channel === 'rcs' ? 'RCS' : 'WhatsApp'})
  </option>
);

/**
 * /add-new-campaign (and ?campaign=<id> to edit one): one form in steps, what is typed kept in this
 * browser between visits; the handset shows the first recipients' messages as mapped; the last step
 * asks the server for the cost (per carrier, total, balance, hold) before it starts or schedules.
 */
export default function CampaignFormPage() {
  const location = useLocation();
  const campaignId = new URLSearchParams(location.search).get('campaign');
  const canWrite = useCan('campaigns.write');
  const refusal = useApprovalRefusal('campaigns.write');
  const existing = useQuery({
    ...campaignQueryOptions('partner', campaignId ?? ''),
    enabled: campaignId !== null,
  });

  if (!canWrite || refusal) {
    return (
      <PageFrame title={campaignId ? 'Edit Campaign' : 'New Campaign'} breadcrumbs={CRUMBS}>
        <EmptyState
          title="You cannot create campaigns"
          message={
            refusal ??
            'Your account reads campaigns but does not create or change them. Ask your organisation’s owner.'
          }
          action={
            <Button component={RouterLink} to="/u/my-campaigns" variant="outlined">
              My Campaigns
            </Button>
          }
        />
      </PageFrame>
    );
  }
  if (campaignId && existing.isPending) {
    return (
      <PageFrame title="Edit Campaign" breadcrumbs={CRUMBS}>
        <Typography role="status">Loading the campaign…</Typography>
      </PageFrame>
    );
  }
  if (campaignId && existing.isError) {
    return (
      <PageFrame title="Edit Campaign" breadcrumbs={CRUMBS}>
        <Alert severity="error">{errorMessage(existing.error)}</Alert>
      </PageFrame>
    );
  }
  return <CampaignForm key={campaignId ?? 'new'} campaign={existing.data ?? null} />;
}

function CampaignForm({ campaign }: { campaign: TCampaignDetails | null }) {
  const navigate = useNavigate();
  const owner = usePartnerDetails().details?.email ?? null;
  const initial = campaign ? draftOf(campaign) : EMPTY_DRAFT;
  const { draft, update, reset, restored } = useDraft(
    owner ? draftKey(owner, campaign?.campaign_id ?? null) : null,
    initial,
  );
  const [step, setStep] = useState<StepIndex>(0);
  const [tried, setTried] = useState(false);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));

  const active = useQuery(activeTemplatesQueryOptions);
  const bots = botsOf(active.data?.items ?? []);
  const bot = bots.find((b) => b.bot_id === draft.bot_id);
  const botTemplates = (active.data?.items ?? []).filter((t) => t.bot_id === draft.bot_id);
  const chosen = botTemplates.find((t) => t.template_id === draft.template_id);
  const template = useQuery({
    ...formTemplateQueryOptions(draft.template_id),
    enabled: chosen !== undefined,
  });
  const audiences = useQuery(formAudiencesQueryOptions);
  const audience = audiences.data?.items.find((a) => a.audience_id === draft.audience_id);
  const recipients = useQuery({
    ...audienceRecipientsQueryOptions(draft.audience_id),
    enabled: audience?.status === 'ready',
  });
  const estimate = useEstimateCampaign();
  const save = useSaveCampaign(campaign?.campaign_id ?? null);

  const variables = chosen?.variables ?? [];
  const problems = problemsOf(draft, variables, audience?.fields ?? []);
  const shown = (key: string) => (tried ? problems[key] : undefined);
  const stepProblems = (s: StepIndex) => Object.keys(problems).filter((k) => stepOf(k) === s).length;
  const version =
    template.data?.versions.find((v) => v.version_id === chosen?.version_id) ?? template.data?.versions[0];
  const ownTemplate: FormTemplate | null =
    version && template.data
      ? template.data.channel === 'rcs'
        ? { channel: 'rcs', content: version.content as RcsTemplateContent }
        : { channel: 'whatsapp', content: version.content as WhatsappTemplateContent }
      : null;
  const mediaKinds = ownTemplate ? templateMediaKinds(ownTemplate.channel, ownTemplate.content) : [];
  const previewTemplate = ownTemplate ? withCampaignMedia(ownTemplate, draft.media_key) : null;
  const mediaKind = draft.media_key ? campaignMediaKind(draft.media_key) : null;
  if (ownTemplate && mediaKind && !mediaKinds.includes(mediaKind))
    problems.media_key ??=
      mediaKinds.length === 0
        ? 'This template takes no media: use the template as it is.'
        : `This template takes ${mediaKinds.join(' or ')} media: upload one of those.`;

  const askEstimate = () => {
    const { bot_id, template_id, audience_id, fallback } = requestOf(draft);
    if (bot_id && template_id && audience_id) estimate.mutate({ bot_id, template_id, audience_id, fallback });
  };
  const goTo = (next: StepIndex) => {
    setStep(next);
    if (next === 4) askEstimate();
  };
  const submit = (start: boolean) => {
    setTried(true);
    const first = Object.keys(problems)[0];
    if (first !== undefined) {
      setStep(stepOf(first));
      return;
    }
    save.mutate(
      { request: requestOf(draft), start },
      {
        onSuccess: (started) => {
          reset(EMPTY_DRAFT);
          void navigate(campaignPath('partner', started.campaign_id));
        },
      },
    );
  };
  // A start refused (the balance, a schedule gone past) leaves the campaign saved as pending.
  const savedNotStarted = save.isError && save.savedId !== null && save.savedId !== campaign?.campaign_id;

  return (
    <PageFrame
      title={campaign ? 'Edit Campaign' : 'New Campaign'}
      breadcrumbs={CRUMBS}
      description="A template of one of your bots, sent to an audience: now, or at a time in one of 12 zones. You see the cost before it starts."
    >
      {restored && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => reset(initial)}>
              Start again
            </Button>
          }
        >
          What you typed last time is back: it is kept in this browser until the campaign is saved.
        </Alert>
      )}
      <nav aria-label="Campaign steps">
        <Stepper nonLinear activeStep={step} orientation={narrow ? 'vertical' : 'horizontal'} sx={{ mb: 3 }}>
          {STEPS.map((label, i) => {
            const index = i as StepIndex;
            const count = tried ? stepProblems(index) : 0;
            return (
              <Step key={label} completed={index < step && count === 0}>
                <StepButton
                  onClick={() => goTo(index)}
                  optional={
                    count > 0 ? (
                      <Typography variant="caption" sx={{ color: 'error.dark' }}>
                        {count} to fix
                      </Typography>
                    ) : undefined
                  }
                >
                  {label}
                </StepButton>
              </Step>
            );
          })}
        </Stepper>
      </nav>
      <PreviewBeside
        preview={
          previewTemplate ? (
            <RecipientPreview
              template={previewTemplate}
              variables={variables}
              mapping={draft.variables}
              recipients={recipients.data?.items ?? []}
            />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
              Choose a bot and a template to see the message.
            </Typography>
          )
        }
      >
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="step-title"
          sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
        >
          <Typography id="step-title" variant="h2">
            {STEPS[step]}
          </Typography>
          {step === 0 && (
            <>
              <TextInput
                label="Campaign name"
                required
                value={draft.name}
                onChange={(e) => update({ name: e.target.value })}
                error={Boolean(shown('name'))}
                helperText={shown('name') ?? `At most ${CAMPAIGN_NAME_MAX} characters.`}
                slotProps={{ htmlInput: { maxLength: CAMPAIGN_NAME_MAX } }}
              />
              <TextInput
                select
                label="Bot"
                required
                value={bot ? draft.bot_id : ''}
                onChange={(e) =>
                  update({ bot_id: e.target.value, template_id: '', variables: {}, media_key: '' })
                }
                error={Boolean(shown('bot_id')) || active.isError}
                helperText={
                  active.isError
                    ? errorMessage(active.error)
                    : (shown('bot_id') ??
                      (active.data && bots.length === 0
                        ? 'No launched bot or bot with test devices has an approved template yet.'
                        : bot && !bot.launched
                          ? "This bot is not launched: the campaign sends only to the audience's recipients that are its test devices (RBM testers who accepted the invite)."
                          : 'A launched bot with an approved template, or a bot with test devices.'))
                }
              >
                {bots.some((b) => b.launched) && (
                  <optgroup label="Launched bots">{bots.filter((b) => b.launched).map(botItem)}</optgroup>
                )}
                {bots.some((b) => !b.launched) && (
                  <optgroup label="Bots with test devices (send to test devices only)">
                    {bots.filter((b) => !b.launched).map(botItem)}
                  </optgroup>
                )}
              </TextInput>
              <TextInput
                select
                label="Template"
                required
                disabled={!bot}
                value={chosen ? draft.template_id : ''}
                onChange={(e) => update({ template_id: e.target.value, variables: {}, media_key: '' })}
                error={Boolean(shown('template_id'))}
                helperText={shown('template_id') ?? 'An approved template of this bot.'}
              >
                {botTemplates.map((t) => (
                  <option key={t.template_id} value={t.template_id}>
                    {t.name} ({t.language}, version {t.version})
                  </option>
                ))}
              </TextInput>
              {ownTemplate && mediaKinds.length > 0 && (
                <Suspense fallback={null}>
                  <CampaignMediaField
                    channel={ownTemplate.channel}
                    kinds={mediaKinds}
                    mediaKey={draft.media_key}
                    onChange={(media_key) => update({ media_key })}
                    error={shown('media_key')}
                  />
                </Suspense>
              )}
            </>
          )}
          {step === 1 && (
            <>
              <TextInput
                select
                label="Audience"
                required
                value={audience ? draft.audience_id : ''}
                onChange={(e) => update({ audience_id: e.target.value, variables: {} })}
                error={Boolean(shown('audience_id')) || audiences.isError}
                helperText={
                  audiences.isError
                    ? errorMessage(audiences.error)
                    : (shown('audience_id') ?? 'A checked audience of yours, or upload one below.')
                }
              >
                {(audiences.data?.items ?? []).map((a) => (
                  <option key={a.audience_id} value={a.audience_id} disabled={a.status !== 'ready'}>
                    {a.name}: {a.kept.toLocaleString('en-US')} recipients
                    {a.status !== 'ready' ? ` (${a.status === 'failed' ? 'failed' : 'being checked'})` : ''}
                  </option>
                ))}
              </TextInput>
              {audience && (
                <Typography variant="body2" aria-live="polite">
                  {audience.status === 'ready'
                    ? `${audience.kept.toLocaleString('en-US')} recipients kept, ${audience.refused.toLocaleString('en-US')} lines refused. Personalised columns: ${audience.fields.join(', ') || 'none'}.`
                    : audience.status === 'failed'
                      ? `This audience failed its check: ${audience.failure ?? ''}`
                      : `Checking: ${audience.read.toLocaleString('en-US')} lines read, ${audience.kept.toLocaleString('en-US')} kept so far.`}
                </Typography>
              )}
              <UploadPanel onUploaded={(audienceId) => update({ audience_id: audienceId, variables: {} })} />
            </>
          )}
          {step === 2 &&
            (!chosen || !audience ? (
              <Typography variant="body2">Choose a template and an audience first.</Typography>
            ) : variables.length === 0 ? (
              <Typography variant="body2">
                This template has no variables: every recipient gets the same message.
              </Typography>
            ) : (
              <>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Choose the audience column that fills each of the template&apos;s variables. The handset
                  shows the first recipients&apos; messages.
                </Typography>
                {shown('variables') && <Alert severity="error">{shown('variables')}</Alert>}
                {variables.map((variable) => (
                  <TextInput
                    key={variable}
                    select
                    label={`{{${variable}}}`}
                    value={
                      audience.fields.includes(draft.variables[variable] ?? '')
                        ? draft.variables[variable]
                        : ''
                    }
                    onChange={(e) =>
                      update({ variables: { ...draft.variables, [variable]: e.target.value } })
                    }
                    error={Boolean(shown(`variables.${variable}`))}
                    helperText={shown(`variables.${variable}`)}
                  >
                    {audience.fields.map((field) => (
                      <option key={field} value={field}>
                        {field}
                      </option>
                    ))}
                  </TextInput>
                ))}
                {audience.fields.length === 0 && (
                  <Alert severity="warning">
                    This audience has no personalised columns: upload one with a column for each variable.
                  </Alert>
                )}
              </>
            ))}
          {step === 3 && (
            <>
              {bot?.channel !== 'whatsapp' && (
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
                  <Typography component="legend" variant="h3" sx={{ mb: 0.5 }}>
                    Recipients RCS cannot reach
                  </Typography>
                  <RadioGroup
                    value={draft.fallback}
                    onChange={(e) => update({ fallback: e.target.value === 'sms' ? 'sms' : 'skip' })}
                  >
                    <FormControlLabel value="skip" control={<Radio />} label="Skip them" />
                    <FormControlLabel value="sms" control={<Radio />} label="Send them an SMS instead" />
                  </RadioGroup>
                  {draft.fallback === 'sms' && (
                    <TextInput
                      label="SMS text"
                      multiline
                      minRows={3}
                      value={draft.sms_text}
                      onChange={(e) => update({ sms_text: e.target.value })}
                      error={Boolean(shown('fallback.text'))}
                      helperText={
                        shown('fallback.text') ??
                        `${draft.sms_text.length} of ${CAMPAIGN_SMS_TEXT_MAX} characters.`
                      }
                      slotProps={{ htmlInput: { maxLength: CAMPAIGN_SMS_TEXT_MAX } }}
                    />
                  )}
                </Box>
              )}
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                <Typography component="legend" variant="h3" sx={{ mb: 0.5 }}>
                  When
                </Typography>
                <RadioGroup
                  value={draft.when}
                  onChange={(e) => update({ when: e.target.value === 'at' ? 'at' : 'now' })}
                >
                  <FormControlLabel value="now" control={<Radio />} label="Start as soon as I confirm" />
                  <FormControlLabel value="at" control={<Radio />} label="At a date and time" />
                </RadioGroup>
                {draft.when === 'at' && (
                  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    <DayField
                      label="Date"
                      required
                      value={draft.date}
                      onChange={(date) => update({ date })}
                      error={shown('schedule.date')}
                    />
                    <TextInput
                      label="Time"
                      type="time"
                      size="small"
                      required
                      value={draft.time}
                      onChange={(e) => update({ time: e.target.value })}
                      error={Boolean(shown('schedule.time'))}
                      helperText={shown('schedule.time') ?? 'Hours and minutes, in the zone below.'}
                      slotProps={{ inputLabel: { shrink: true } }}
                    />
                    <TextInput
                      select
                      size="small"
                      label="Time zone"
                      value={draft.time_zone}
                      onChange={(e) => update({ time_zone: e.target.value })}
                      error={Boolean(shown('schedule.time_zone'))}
                      helperText={shown('schedule.time_zone')}
                      sx={{ gridColumn: { sm: '1 / -1' } }}
                    >
                      {TIME_ZONE_OFFSETS.map((z) => (
                        <option key={z.offset} value={z.offset}>
                          UTC{z.offset} {z.label}
                        </option>
                      ))}
                    </TextInput>
                  </Box>
                )}
              </Box>
            </>
          )}
          {step === 4 && (
            <CostStep
              estimate={estimate.data}
              pending={estimate.isPending}
              error={estimate.error}
              ready={Boolean(draft.bot_id && draft.template_id && draft.audience_id)}
              onRetry={askEstimate}
            />
          )}
          {step === 4 && bot?.channel === 'rcs' && audience?.status === 'ready' && (
            <CampaignReach audienceId={audience.audience_id} botId={bot.bot_id} />
          )}
          {save.isError && (
            <ResultAlert severity="error">
              {savedNotStarted
                ? `The campaign is saved but not started: ${errorMessage(save.error)}`
                : errorMessage(save.error)}
            </ResultAlert>
          )}
          {savedNotStarted && save.savedId && (
            <Button
              component={RouterLink}
              to={campaignPath('partner', save.savedId)}
              sx={{ justifySelf: 'start' }}
            >
              See the saved campaign
            </Button>
          )}
          {tried && Object.keys(problems).length > 0 && (
            <ResultAlert severity="error">{`Some fields need a change: ${Object.values(problems)[0]}`}</ResultAlert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
            <Button disabled={step === 0} onClick={() => goTo((step - 1) as StepIndex)}>
              Back
            </Button>
            {step < 4 ? (
              <Button variant="contained" onClick={() => goTo((step + 1) as StepIndex)}>
                Next
              </Button>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button variant="outlined" disabled={save.isPending} onClick={() => submit(false)}>
                  Save without starting
                </Button>
                <Button
                  variant="contained"
                  disabled={save.isPending || estimate.isPending || estimate.data?.sufficient === false}
                  onClick={() => submit(true)}
                >
                  {draft.when === 'at' ? 'Schedule campaign' : 'Start campaign'}
                </Button>
              </Box>
            )}
          </Box>
        </Paper>
      </PreviewBeside>
    </PageFrame>
  );
}

/** One message's price: more than 2 decimals kept (prices are fractions of a cent), as the price grid shows them. */
function unitPrice(price: string): string {
  const micros = parseMoney(price);
  return micros === null ? price : `$${formatMicros(micros)}`;
}

type EstimateLine = TCampaignEstimate['lines'][number];
const channelLabel = (line: EstimateLine) =>
  `${line.channel === 'sms' ? 'SMS' : line.channel === 'rcs' ? 'RCS' : 'WhatsApp'} ${line.message_type}`;
const moneyValue = (amount: string | null) => {
  const micros = amount === null ? null : parseMoney(amount);
  return micros === null ? null : Number(micros);
};
/** What the estimate's headers sort by, in the browser (the lines are all here). */
const ESTIMATE_SORTS: readonly LocalSortColumn<EstimateLine>[] = [
  { label: 'Carrier', render: () => null, sortValue: (line) => line.carrier_name },
  { label: 'Message', render: () => null, sortValue: channelLabel },
  { label: 'Recipients', render: () => null, sortValue: (line) => line.recipients },
  { label: 'Each', render: () => null, sortValue: (line) => moneyValue(line.unit_price) },
  { label: 'Estimate', render: () => null, sortValue: (line) => moneyValue(line.amount) },
];

/** The estimate's header and lines; a header sorts the lines (the total stays below them). */
function EstimateLines({ lines }: { lines: readonly EstimateLine[] }) {
  const sorted = useLocalSort(ESTIMATE_SORTS, lines);
  return (
    <>
      <thead>
        <tr>
          {ESTIMATE_SORTS.map((column) => {
            const header = sortableHeader(column.label, column.label, sorted.sort);
            return (
              <th
                key={column.label}
                scope="col"
                aria-sort={header.ariaSort}
                className={column.label === 'Carrier' || column.label === 'Message' ? undefined : 'n'}
              >
                {header.label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {sorted.rows.map((line) => (
          <tr key={`${line.carrier_id ?? line.carrier_name}-${line.channel}-${line.message_type}`}>
            <td>
              {line.carrier_name}
              {line.country ? ` (${line.country})` : ''}
            </td>
            <td>{channelLabel(line)}</td>
            <td className="n">{line.recipients.toLocaleString('en-US')}</td>
            <td className="n">{line.unit_price === null ? 'No rate' : unitPrice(line.unit_price)}</td>
            <td className="n">{formatCurrency(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

/** The cost before the start: per carrier, the total, the balance and what the campaign will hold. */
function CostStep({
  estimate,
  pending,
  error,
  ready,
  onRetry,
}: {
  estimate: TCampaignEstimate | undefined;
  pending: boolean;
  error: unknown;
  ready: boolean;
  onRetry: () => void;
}) {
  if (!ready)
    return <Typography variant="body2">Choose a bot, a template and an audience to see the cost.</Typography>;
  if (pending) return <Typography role="status">Pricing each recipient…</Typography>;
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {errorMessage(error)}
      </Alert>
    );
  if (!estimate) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          component="table"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            '& th, & td': { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' },
            '& .n': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
            '& caption': { textAlign: 'left', captionSide: 'top', pb: 1, fontWeight: 600 },
          }}
        >
          <caption>Estimate by carrier</caption>
          <EstimateLines lines={estimate.lines} />
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td className="n">{estimate.recipients.toLocaleString('en-US')}</td>
              <td />
              <td className="n">
                <strong>{formatCurrency(estimate.total)}</strong>
              </td>
            </tr>
          </tfoot>
        </Box>
      </Box>
      {estimate.unpriced > 0 && (
        <Alert severity="warning">
          {estimate.unpriced.toLocaleString('en-US')} recipients have no rate for their carrier: they are not
          sent.
        </Alert>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 0.5,
          '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
        }}
      >
        <dt>Wallet balance</dt>
        <dd>{formatCurrency(estimate.balance)}</dd>
        <dt>Held when it starts</dt>
        <dd>{formatCurrency(estimate.hold)}</dd>
      </Box>
      {estimate.sufficient ? (
        <Alert severity="info">
          The estimate is held from your wallet when the campaign starts (or is scheduled); each batch is
          charged at its real price and the rest is given back when it ends.
        </Alert>
      ) : (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/u/my-wallet" color="inherit" size="small">
              Top up
            </Button>
          }
        >
          Your balance does not cover the estimate: top up your wallet to start this campaign.
        </Alert>
      )}
    </Box>
  );
}
