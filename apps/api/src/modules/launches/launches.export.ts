import {
  formatDateTime,
  LAUNCH_QUESTION_LABELS,
  launchStepTitle,
  type TLaunchSummary,
} from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

const at = (iso: string | null) => (iso ? String(formatDateTime(iso, '+00:00')) : '');

/**
 * The launch summary as an export table (a PDF through platform/export): one row per fact, by
 * section, in the order of the stepper, then the carriers, the pre-flight, payment and history.
 */
export function launchSummaryTable(
  summary: TLaunchSummary,
  meta: { brandName: string; generatedAt: Date },
): ExportTable {
  const rows: string[][] = [];
  const add = (section: string, item: string, value: string) => rows.push([section, item, value]);
  const { bot } = summary;

  add('Bot', 'Name', bot.name);
  add('Bot', 'Partner', bot.partner_name);
  add('Bot', 'Status', bot.status.label);
  add('Bot', 'Privacy policy', bot.privacy_url ?? '');
  add('Bot', 'Terms of service', bot.terms_url ?? '');
  add('Bot', 'Submitted', at(summary.submitted_at) || 'Not submitted');
  for (const carrier of summary.carriers) {
    const facts = [
      carrier.status.label,
      carrier.price ? `price ${carrier.price}` : 'no rate plan',
      carrier.verified ? 'verified the business' : null,
      carrier.reason ? `reason: ${carrier.reason}` : null,
    ].filter(Boolean);
    add('Carriers', `${carrier.name} (${carrier.country_id})`, facts.join(' · '));
  }
  for (const [field, label] of Object.entries(LAUNCH_QUESTION_LABELS)) {
    add(
      'Bot Details & Experience',
      label,
      summary.questionnaire[field as keyof typeof LAUNCH_QUESTION_LABELS],
    );
  }
  add('Bot Details & Experience', 'Screenshots', summary.documents.screenshots.map((d) => d.name).join(', '));
  add('Bot Details & Experience', 'Video', summary.documents.video?.name ?? '');
  if (summary.brand) {
    add('Brand Details', 'Brand', `${summary.brand.name} (${summary.brand.status.label})`);
    add('Brand Details', 'Documents', summary.brand.documents.map((d) => d.name).join(', '));
  } else {
    add('Brand Details', 'Brand', 'None');
  }
  if (summary.company) {
    const c = summary.company;
    add('Brand Details', 'Company', `${c.company_name}, ${c.website}`);
    add(
      'Brand Details',
      'Contact',
      [c.contact_name, c.contact_email, c.contact_phone].filter(Boolean).join(', '),
    );
  }
  add('Business Verification', 'Letter of authorisation', summary.documents.loa?.name ?? 'Missing');
  const preflight = summary.preflight;
  add(
    'Pre-flight',
    preflight.checked_at ? `Checked ${at(preflight.checked_at)}` : 'Not checked',
    preflight.ok ? 'Nothing a carrier would reject' : `${preflight.items.length} problem(s)`,
  );
  for (const item of preflight.items) {
    add('Pre-flight', launchStepTitle(item.step as Parameters<typeof launchStepTitle>[0]), item.message);
  }
  if (summary.pricing)
    add('Payment', 'Verification price', `${summary.pricing.total} ${summary.pricing.currency}`);
  add(
    'Payment',
    'Hold',
    summary.hold ? `${summary.hold.amount} ${summary.hold.currency}, ${summary.hold.status}` : 'None',
  );
  for (const entry of [...summary.history].reverse()) {
    const who = [entry.carrier_name, entry.actor_email].filter(Boolean).join(' · ');
    add('History', at(entry.at), [entry.action_label, who, entry.reason].filter(Boolean).join(' · '));
  }

  return {
    title: `${meta.brandName} launch summary: ${bot.name}`,
    subtitle: `${bot.status.label} · generated ${at(meta.generatedAt.toISOString())} (UTC)`,
    columns: [
      { header: 'Section', width: 150 },
      { header: 'Item', width: 190 },
      { header: 'Value', width: 430 },
    ],
    rows,
    emptyText: 'Nothing to show.',
  };
}
