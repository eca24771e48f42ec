import {
  BRAND_LOCKED_FIELDS,
  BRAND_VERIFICATION_LABELS,
  BRAND_VERIFICATION_STATES,
  type BrandVerificationState,
  brandCarrierStatusOf,
  brandStatusOf,
  type TBrand,
  type TBrandDecision,
  type TBrandListItem,
  type TReviewHistory,
} from '@portico/domain';
import { fileUrlOf } from '../../platform/storage/index.ts';
import type { BrandRow, BrandsRepository } from './brands.repository.ts';

const verificationStateOf = (value: string | null): BrandVerificationState | null =>
  value && (BRAND_VERIFICATION_STATES as readonly string[]).includes(value)
    ? (value as BrandVerificationState)
    : null;

/** Whether the network verified the brand: its name, website and industry are then locked. */
export const isVerified = (brand: Pick<BrandRow, 'verificationState'>) =>
  brand.verificationState === 'VERIFICATION_STATE_VERIFIED';

type ListRow = Awaited<ReturnType<BrandsRepository['list']>>['rows'][number];

export function presentBrandListItem(row: ListRow): TBrandListItem {
  return {
    brand_id: row.brandId,
    name: row.name,
    partner_name: row.partnerName,
    industry_type: row.industryType,
    status: brandStatusOf(row.status),
    carrier_status: row.carrierStatus === null ? null : brandCarrierStatusOf(row.carrierStatus),
    carriers: row.carriers,
    verification_state: verificationStateOf(row.verificationState),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface BrandDetailParts {
  brand: BrandRow;
  partnerName: string;
  industryType: string;
  carrierStatus: number | null;
  carriers: Awaited<ReturnType<BrandsRepository['carriersOf']>>;
  documents: Awaited<ReturnType<BrandsRepository['documentsOf']>>;
  allowedActions: string[];
  /** The brand's history (newest first), for the latest decision of each reviewer. */
  history: TReviewHistory['items'];
}

const PLATFORM_DECISIONS: readonly string[] = ['forward', 'approve', 'reject'];
const CARRIER_DECISIONS: readonly string[] = ['approve', 'reject'];

/**
 * The latest decision of the platform (carrierId null) or of one carrier since the brand was last
 * submitted: what the brand's pages show with its reason, beside the history.
 */
export function latestDecision(
  history: TReviewHistory['items'],
  carrierId: number | null,
): TBrandDecision | null {
  for (const entry of history) {
    if (entry.action === 'submit') return null;
    const decisions = carrierId === null ? PLATFORM_DECISIONS : CARRIER_DECISIONS;
    if (entry.carrier_id === carrierId && decisions.includes(entry.action)) {
      return { action: entry.action, label: entry.action_label, reason: entry.reason, at: entry.at };
    }
  }
  return null;
}

export function presentBrand(parts: BrandDetailParts): TBrand {
  const { brand } = parts;
  const verification = verificationStateOf(brand.verificationState);
  return {
    brand_id: brand.brandId,
    partner_id: brand.partnerId,
    partner_name: parts.partnerName,
    name: brand.name,
    industry_type_id: brand.industryTypeId,
    industry_type: parts.industryType,
    website: brand.website,
    description: brand.description,
    contact_name: brand.contactName,
    contact_email: brand.contactEmail,
    contact_phone: brand.contactPhone,
    address: brand.address,
    logo_url: brand.logoKey ? fileUrlOf(brand.logoKey) : null,
    status: brandStatusOf(brand.status),
    carrier_status: parts.carrierStatus === null ? null : brandCarrierStatusOf(parts.carrierStatus),
    carriers: parts.carriers.map((carrier) => ({
      carrier_id: carrier.carrierId,
      name: carrier.name,
      country_id: carrier.countryId,
      status: brandCarrierStatusOf(carrier.status),
      decision: latestDecision(parts.history, carrier.carrierId),
    })),
    platform_decision: latestDecision(parts.history, null),
    documents: parts.documents.map(({ document, documentType }) => ({
      document_id: document.documentId,
      document_type_id: document.documentTypeId,
      document_type: documentType,
      filename: document.filename,
      size_bytes: document.sizeBytes,
      pages: document.pages,
      uploaded_at: document.createdAt.toISOString(),
    })),
    verification: verification
      ? {
          state: verification,
          label: BRAND_VERIFICATION_LABELS[verification],
          checked_at: brand.verificationCheckedAt?.toISOString() ?? null,
        }
      : null,
    locked_fields: isVerified(brand) ? [...BRAND_LOCKED_FIELDS] : [],
    bot_launched: brand.botLaunchedAt !== null,
    allowed_actions: parts.allowedActions,
    created_at: brand.createdAt.toISOString(),
    updated_at: brand.updatedAt.toISOString(),
    submitted_at: brand.submittedAt?.toISOString() ?? null,
  };
}
