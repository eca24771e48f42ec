import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CHANNEL_TYPE,
  formatCurrency,
  formatDateTimeZoned,
  LAUNCH_QUESTION_FIELDS,
  LAUNCH_QUESTION_LABELS,
  type LaunchStepSlug,
  launchStepTitle,
  type TLaunchDocument,
  type TLaunchPreflight,
  type TLaunchSummary,
  type TLaunchSummaryCarrier,
} from '@portico/domain';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { RcsAgentPreview, WhatsappProfilePreview } from '@/lib/rich-message/AgentPreview';
import { type PageSection, SectionNav, StickyActionBar } from './DetailLayout';
import { HistoryEntries } from './HistoryPanel';
import { StatusChip } from './StatusChip';

type TPreflightItem = TLaunchPreflight['items'][number];

export interface LaunchSummaryViewProps {
  summary: TLaunchSummary;
  /** The page's controls (decisions, PDF download, links), in the bar that sticks to the window's bottom. */
  actions?: ReactNode;
  /** Under the controls: what each decision does. */
  actionsNote?: ReactNode;
  /** Controls on one carrier's row (a carrier's decision, retry of a failed launch). */
  carrierActions?: (carrier: TLaunchSummaryCarrier) => ReactNode;
  /** Where a pre-flight problem is fixed (the developer's stepper); without it the items are plain text. */
  preflightHref?: (item: TPreflightItem) => string;
  /** Content between the carriers and the questionnaire (e.g. a decision form). */
  children?: ReactNode;
}

const CHANNEL_NAMES: Record<number, string> = {
  [CHANNEL_TYPE.rcs]: 'RCS',
  [CHANNEL_TYPE.whatsapp]: 'WhatsApp',
};

/** An amount as the API answers it (a decimal string) in its currency. */
export function formatAmount(amount: string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '';
  return currency === 'USD' ? formatCurrency(amount) : `${amount} ${currency}`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.ceil(bytes / 1000)} KB`;
}

/**
 * The launch summary (issue 14): everything submitted for a bot's launch, as the developer
 * (/u/launch-details) and the reviewers (platform, carrier) see it: the bot and its brand, each
 * carrier's state with its reason, the questionnaire, the company, the documents behind signed
 * links, the pre-flight result, the verification hold and the history. Callers add their controls.
 */
/** The sections of the summary, in order: the page's "On this page" links. */
const SECTIONS = [
  { id: 'launch-bot', label: 'Bot' },
  { id: 'launch-carriers', label: 'Carriers' },
  { id: 'launch-preview', label: 'As users see it' },
  { id: 'launch-preflight', label: 'Pre-flight check' },
  { id: 'launch-brand', label: 'Brand' },
  { id: 'launch-experience', label: 'Details and experience' },
  { id: 'launch-company', label: 'Business verification' },
  { id: 'launch-documents', label: 'Documents' },
  { id: 'launch-payment', label: 'Payment' },
  { id: 'launch-history', label: 'History' },
] as const satisfies readonly PageSection[];
type SectionId = (typeof SECTIONS)[number]['id'];
const titleOf = (id: SectionId) => SECTIONS.find((section) => section.id === id)?.label ?? id;

export function LaunchSummaryView({
  summary,
  actions,
  actionsNote,
  carrierActions,
  preflightHref,
  children,
}: LaunchSummaryViewProps) {
  const { bot, brand, company, documents, hold, pricing } = summary;
  const currency = pricing?.currency ?? hold?.currency ?? 'USD';
  const channels = bot.channels.map((c) => CHANNEL_NAMES[c.channel_type] ?? `Channel ${c.channel_type}`);
  // A carrier's reason is said on its row; the history names the row instead of saying it again.
  const shownReasons = new Set(
    summary.carriers.flatMap((carrier) => (carrier.reason ? [carrier.reason] : [])),
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-testid="launch-summary">
      <SectionNav sections={SECTIONS} />
      <Paper
        variant="outlined"
        component="section"
        id="launch-bot"
        aria-label="Bot"
        sx={{ p: 2, scrollMarginTop: 80 }}
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Avatar src={bot.logo_url ?? undefined} alt="" variant="rounded" sx={{ width: 56, height: 56 }}>
            {bot.name.charAt(0)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h2" sx={{ wordBreak: 'break-word' }}>
              {bot.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <StatusChip status={bot.status} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {bot.partner_name} · {channels.join(', ') || 'No channel'}
              </Typography>
            </Box>
          </Box>
        </Box>
        <Facts
          facts={[
            [
              'Submitted',
              summary.submitted_at ? String(formatDateTimeZoned(summary.submitted_at)) : 'Not yet',
            ],
            ['Step reached', launchStepTitle(summary.step_reached as LaunchStepSlug)],
            ['Privacy policy', <UrlValue key="privacy" url={bot.privacy_url} />],
            ['Terms of service', <UrlValue key="terms" url={bot.terms_url} />],
          ]}
        />
      </Paper>

      <Section id="launch-carriers">
        {summary.carriers.length === 0 ? (
          <Muted>No carrier chosen.</Muted>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {summary.carriers.map((carrier) => (
              <Box
                component="li"
                key={carrier.carrier_id}
                data-testid="launch-summary-carrier"
                sx={{
                  display: 'flex',
                  gap: 1,
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0, pt: 0 },
                }}
              >
                <Box sx={{ minWidth: 180, flex: '1 1 180px' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {carrier.name} ({carrier.country_id})
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {[
                      formatAmount(carrier.price, currency),
                      carrier.verified ? 'business verified' : null,
                      `updated ${String(formatDateTimeZoned(carrier.updated_at))}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                <StatusChip status={carrier.status} />
                {carrierActions && (
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{carrierActions(carrier)}</Box>
                )}
                {carrier.reason && (
                  <Alert
                    severity={carrier.status.key === 'launched' ? 'info' : 'warning'}
                    sx={{ flexBasis: '100%' }}
                  >
                    Reason: {carrier.reason}
                  </Alert>
                )}
              </Box>
            ))}
          </Box>
        )}
      </Section>

      {children}

      <Section id="launch-preview">
        <AgentPreviews summary={summary} />
      </Section>

      <Section id="launch-preflight">
        <PreflightResult preflight={summary.preflight} href={preflightHref} />
      </Section>

      <Section id="launch-brand">
        {brand ? (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {brand.name}
              </Typography>
              <StatusChip status={brand.status} />
            </Box>
            <DocumentList documents={brand.documents} empty="The brand has no documents." />
          </>
        ) : (
          <Muted>The bot has no brand.</Muted>
        )}
      </Section>

      <Section id="launch-experience">
        <Facts
          facts={LAUNCH_QUESTION_FIELDS.map((field) => [
            LAUNCH_QUESTION_LABELS[field],
            summary.questionnaire[field] || <Muted key={field}>Not described</Muted>,
          ])}
        />
      </Section>

      <Section id="launch-company">
        {company ? (
          <Facts
            facts={[
              ['Company', company.company_name],
              ['Website', <UrlValue key="website" url={company.website} />],
              ['Contact', company.contact_name],
              ['Email', company.contact_email],
              ['Phone', company.contact_phone || '—'],
            ]}
          />
        ) : (
          <Muted>No company details yet.</Muted>
        )}
      </Section>

      <Section id="launch-documents">
        <DocumentList
          documents={[
            ...(documents.loa ? [{ ...documents.loa, label: 'Letter of authorisation' }] : []),
            ...documents.screenshots.map((doc, index) => ({ ...doc, label: `Screenshot ${index + 1}` })),
            ...(documents.video ? [{ ...documents.video, label: 'Video' }] : []),
          ]}
          empty="No letter of authorisation, screenshots or video uploaded for this launch (the brand's own documents are under Brand)."
        />
      </Section>

      <Section id="launch-payment">
        {pricing && (
          <Facts
            facts={[
              ...pricing.items.map((line): [string, ReactNode] => [
                line.carrier_name,
                `${formatAmount(line.price, pricing.currency)} (${line.plan_code})`,
              ]),
              ['Verification price', formatAmount(pricing.total, pricing.currency)],
            ]}
          />
        )}
        <Box sx={{ mt: pricing ? 2 : 0 }}>
          {hold ? (
            <Typography variant="body2" data-testid="launch-summary-hold">
              Hold of {formatAmount(hold.amount, hold.currency)}: {hold.status}, taken{' '}
              {String(formatDateTimeZoned(hold.created_at))}
              {hold.settled_at ? `, settled ${String(formatDateTimeZoned(hold.settled_at))}` : ''}
            </Typography>
          ) : (
            <Muted>No verification hold yet.</Muted>
          )}
        </Box>
      </Section>

      <Section id="launch-history" flush>
        {summary.history.length === 0 ? (
          <Box sx={{ px: 2, pb: 2 }}>
            <Muted>Nothing has happened yet.</Muted>
          </Box>
        ) : (
          <HistoryEntries
            items={summary.history}
            entryTestId="launch-history-entry"
            shownReasons={shownReasons}
            shownWhere="under Carriers"
          />
        )}
      </Section>
      {actions && (
        <StickyActionBar label={`Actions on ${bot.name}`} note={actionsNote}>
          {actions}
        </StickyActionBar>
      )}
    </Box>
  );
}

/** The bot as a user's handset shows it: the RCS agent's card and the WhatsApp business profile. */
function AgentPreviews({ summary }: { summary: TLaunchSummary }) {
  const { bot } = summary;
  const rcs = bot.rcs_profile;
  const whatsapp = bot.whatsapp_profile;
  if (!rcs && !whatsapp) return <Muted>The bot has no channel to preview yet.</Muted>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: {
          xs: '1fr',
          md: rcs && whatsapp ? 'repeat(2, minmax(0, 300px))' : 'minmax(0, 300px)',
        },
        justifyContent: 'start',
      }}
    >
      {rcs && (
        <RcsAgentPreview
          values={{
            displayName: rcs.display_name,
            description: rcs.description,
            brandColor: rcs.brand_color,
            logoUrl: bot.logo_url,
            bannerUrl: bot.banner_url,
            phones: rcs.phones,
            emails: rcs.emails,
            websites: rcs.websites,
          }}
        />
      )}
      {whatsapp && (
        <WhatsappProfilePreview
          values={{
            displayName: whatsapp.display_name,
            about: whatsapp.about,
            category: whatsapp.category,
            phone: whatsapp.phone,
            photoUrl: whatsapp.photo_url,
          }}
        />
      )}
    </Box>
  );
}

/** The pre-flight's answer: passed, or every problem with the step (and link) that fixes it. */
export function PreflightResult({
  preflight,
  href,
}: {
  preflight: TLaunchPreflight;
  href?: (item: TPreflightItem) => string;
}) {
  if (!preflight.checked_at) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The pre-flight check has not run for this launch yet.
      </Typography>
    );
  }
  const checked = String(formatDateTimeZoned(preflight.checked_at));
  if (preflight.ok || preflight.items.length === 0) {
    return (
      <Alert severity="success" icon={<CheckCircleOutlined />}>
        Nothing a carrier would reject for (checked {checked}).
      </Alert>
    );
  }
  return (
    <>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {preflight.items.length} problem{preflight.items.length === 1 ? '' : 's'} to fix before submitting
        (checked {checked}).
      </Alert>
      <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="preflight-items">
        {preflight.items.map((item) => (
          <Box component="li" key={`${item.code}-${item.field}`} sx={{ py: 0.25 }}>
            <Typography variant="body2" component="span">
              {item.message}{' '}
            </Typography>
            {href ? (
              <Link component={RouterLink} to={href(item)} variant="body2">
                Fix in {launchStepTitle(item.step as LaunchStepSlug)}
              </Link>
            ) : (
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                ({launchStepTitle(item.step as LaunchStepSlug)})
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </>
  );
}

function Section({ id, flush = false, children }: { id: SectionId; flush?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      id={id}
      aria-labelledby={headingId}
      // The sticky header would cover a section opened by its anchor.
      sx={{ p: flush ? 0 : 2, overflow: 'hidden', minWidth: 0, scrollMarginTop: 80 }}
    >
      <Typography id={headingId} variant="h3" sx={{ mb: 1, ...(flush ? { p: 2, pb: 1, mb: 0 } : {}) }}>
        {titleOf(id)}
      </Typography>
      {children}
    </Paper>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: 1, mt: 2, mb: 0 }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, wordBreak: 'break-word', whiteSpace: 'pre-wrap', minWidth: 0 }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
      {children}
    </Typography>
  );
}

function UrlValue({ url }: { url: string | null }) {
  if (!url) return <Muted>None</Muted>;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
      {url}
    </Link>
  );
}

/** Documents behind their short-lived signed links (opened in a new tab). */
function DocumentList({
  documents,
  empty,
}: {
  documents: readonly (TLaunchDocument & { label?: string })[];
  empty: string;
}) {
  if (documents.length === 0) {
    return (
      <Box sx={{ mt: 1 }}>
        <Muted>{empty}</Muted>
      </Box>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, display: 'grid', gap: 1 }}>
      {documents.map((document) => (
        <Box
          component="li"
          key={document.url}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}
        >
          <DescriptionOutlined aria-hidden sx={{ color: 'text.secondary' }} />
          <Box sx={{ minWidth: 0 }}>
            <Link
              href={document.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              sx={{ wordBreak: 'break-all' }}
            >
              {document.label ? `${document.label}: ${document.name}` : document.name}
            </Link>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {document.content_type} · {formatBytes(document.size_bytes)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
