import { randomBytes, randomUUID } from 'node:crypto';
import {
  allowedActions,
  BRAND_CARRIER_MACHINE,
  BRAND_CARRIER_TABS,
  BRAND_DELETABLE_STATES,
  BRAND_DOCUMENT_MAX_BYTES,
  BRAND_DOCUMENTS_MAX,
  BRAND_EDITABLE_STATES,
  BRAND_LOGO,
  BRAND_MACHINE,
  BRAND_PLATFORM_ACTIONS,
  BRAND_PLATFORM_TABS,
  type BrandAction,
  type BrandCarrierAction,
  type BrandPlatformAction,
  type BrandState,
  isBillingRole,
  isProviderAdminRole,
  stateOfCode,
  type TBrand,
  type TBrandFilters,
  type TBrandList,
  type TBrandListItem,
  type TBrandRequestParsed,
  type TReviewHistory,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Connectors } from '../../networks/index.ts';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { checkImage, checkPdf } from '../../platform/uploads/content.ts';
import type { SignedDownloads } from '../../platform/uploads/signed-downloads.ts';
import { isVerified, presentBrand, presentBrandListItem } from './brands.presenter.ts';
import type { BrandAudience, BrandRow, BrandsRepository } from './brands.repository.ts';

/** Where a brand's files live: logos are public (the network shows them), documents private. */
export const BRAND_LOGOS_PREFIX = 'public/brand-logos/';
export const BRAND_DOCUMENTS_PREFIX = 'private/brand-documents/';

export const NOT_FOUND = 'This brand was not found.';
export const BOT_LAUNCHED = 'A bot has launched for this brand, so it cannot be deleted.';
const LOCKED_MESSAGES: Record<'name' | 'website' | 'industry_type_id', string> = {
  name: 'The brand name cannot change: the network verified the brand under it.',
  website: 'The website cannot change: the network verified the brand with it.',
  industry_type_id: 'The industry cannot change: the network verified the brand in it.',
};

export interface BrandsServiceDeps {
  database: Database;
  repository: BrandsRepository;
  review: ReviewService;
  audit: AuditService;
  storage: Storage;
  downloads: SignedDownloads;
  connectors: Connectors;
  log: FastifyBaseLogger;
  /** The portal's address, for the links in review mails. */
  publicUrl: string;
}

const EXPORT_WINDOW = { start: 0, end: 5000 };

/**
 * Brands: the developer's registration (details, carriers, logo, documents), independent
 * submission, network verification, and the review by the platform and by each carrier. Every use
 * case runs in one unit of work; the network is called outside of one.
 */
export function createBrandsService(deps: BrandsServiceDeps) {
  const { database, repository, review, audit, storage, downloads, connectors, log } = deps;

  async function audienceOf(user: AuthenticatedUser): Promise<BrandAudience> {
    if (isProviderAdminRole(user.role)) return { kind: 'platform' };
    if (isBillingRole(user.role)) {
      return { kind: 'carrier', carrierId: (await repository.carrierOfPartner(user.partnerId)) ?? -1 };
    }
    return { kind: 'partner', partnerId: user.partnerId };
  }

  async function requireOwn(user: AuthenticatedUser, brandId: string): Promise<BrandRow> {
    const brand = await repository.lockOwn(user.partnerId, brandId);
    if (!brand) throw new NotFoundError(NOT_FOUND);
    return brand;
  }

  const stateOf = (brand: BrandRow): BrandState => stateOfCode(BRAND_MACHINE, brand.status) ?? 'draft';

  function requireEditable(brand: BrandRow): void {
    const state = stateOf(brand);
    if (!BRAND_EDITABLE_STATES.includes(state)) {
      throw new ConflictError(
        `This brand is ${BRAND_MACHINE.states[state].label.toLowerCase()}: it cannot change while it is under review.`,
        { current: BRAND_MACHINE.states[state] },
      );
    }
  }

  async function checkReferences(body: TBrandRequestParsed): Promise<void> {
    if (!(await repository.lookupExists('industry-types', body.industry_type_id))) {
      const message = 'Choose an industry from the list.';
      throw new BadRequestError(message, [{ field: 'industry_type_id', message }]);
    }
    const active = await repository.activeCarriers(body.carrier_ids);
    if (active.size !== body.carrier_ids.length) {
      const message = 'Choose carriers from the list: one of them is not available.';
      throw new BadRequestError(message, [{ field: 'carrier_ids', message }]);
    }
  }

  const fieldsOf = (body: TBrandRequestParsed) => ({
    name: body.name,
    industryTypeId: body.industry_type_id,
    website: body.website,
    description: body.description ?? null,
    contactName: body.contact_name,
    contactEmail: body.contact_email,
    contactPhone: body.contact_phone,
    address: body.address,
  });

  function actionsFor(
    user: AuthenticatedUser,
    audience: BrandAudience,
    brand: BrandRow,
    carrierStatus: number | null,
  ) {
    if (audience.kind === 'platform') {
      const offered: readonly string[] = BRAND_PLATFORM_ACTIONS;
      return allowedActions(BRAND_MACHINE, stateOf(brand), user.role).filter((a) => offered.includes(a));
    }
    if (audience.kind === 'carrier' && carrierStatus !== null) {
      const state = stateOfCode(BRAND_CARRIER_MACHINE, carrierStatus);
      return state ? allowedActions(BRAND_CARRIER_MACHINE, state, user.role) : [];
    }
    const offered: readonly BrandAction[] = ['submit'];
    return allowedActions(BRAND_MACHINE, stateOf(brand), user.role).filter((a) => offered.includes(a));
  }

  async function detail(user: AuthenticatedUser, brandId: string): Promise<TBrand> {
    const audience = await audienceOf(user);
    const found = await repository.find(audience, brandId);
    if (!found) throw new NotFoundError(NOT_FOUND);
    const [carriers, documents, history] = await Promise.all([
      repository.carriersOf(brandId),
      repository.documentsOf(brandId),
      review.history([BRAND_MACHINE, BRAND_CARRIER_MACHINE], brandId, { start: 0, end: 200 }),
    ]);
    return presentBrand({
      brand: found.brand,
      partnerName: found.partnerName,
      industryType: found.industryType,
      carrierStatus: found.carrierStatus,
      // A carrier sees its own review only, never another network's.
      carriers:
        audience.kind === 'carrier' ? carriers.filter((c) => c.carrierId === audience.carrierId) : carriers,
      documents,
      allowedActions: actionsFor(user, audience, found.brand, found.carrierStatus),
      history: history.items,
    });
  }

  async function notifyOwners(brand: BrandRow) {
    return {
      recipients: await repository.ownerEmails(brand.partnerId),
      subjectName: `Brand ${brand.name}`,
      link: `${deps.publicUrl}/u/update-brand?brandId=${brand.brandId}`,
    };
  }

  async function removeQuietly(keys: readonly string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        log.warn({ err: error, key }, 'could not delete a stored brand file');
      }
    }
  }

  return {
    async list(
      user: AuthenticatedUser,
      filters: TBrandFilters,
      window: { start: number; end: number },
    ): Promise<TBrandList> {
      const audience = await audienceOf(user);
      const tabs =
        audience.kind === 'platform'
          ? BRAND_PLATFORM_TABS
          : audience.kind === 'carrier'
            ? BRAND_CARRIER_TABS
            : undefined;
      const [{ rows, total }, tabCounts] = await Promise.all([
        repository.list(audience, filters, window),
        tabs ? repository.tabCounts(audience, filters, tabs) : undefined,
      ]);
      const items = rows.map(presentBrandListItem);
      return tabCounts ? { items, total, tabCounts } : { items, total };
    },

    async exportRows(user: AuthenticatedUser, filters: TBrandFilters): Promise<TBrandListItem[]> {
      const { rows } = await repository.list(await audienceOf(user), filters, EXPORT_WINDOW);
      return rows.map(presentBrandListItem);
    },

    get: detail,

    async create(user: AuthenticatedUser, body: TBrandRequestParsed): Promise<TBrand> {
      await checkReferences(body);
      const brand = await database.transaction(async () => {
        const row = await repository.insert({
          ...fieldsOf(body),
          partnerId: user.partnerId,
          status: BRAND_MACHINE.states.draft.code,
          createdBy: user.userId,
        });
        await repository.setCarriers(row.brandId, body.carrier_ids);
        await review.recordStart({
          machine: BRAND_MACHINE,
          subjectId: row.brandId,
          action: 'created',
          to: 'draft',
          actor: user,
        });
        await audit.record('brand.created', {
          actorUserId: user.userId,
          actorEmail: user.email,
          partnerId: user.partnerId,
          detail: { brandId: row.brandId, name: row.name },
        });
        return row;
      });
      return detail(user, brand.brandId);
    },

    async update(user: AuthenticatedUser, brandId: string, body: TBrandRequestParsed): Promise<TBrand> {
      await database.transaction(async () => {
        const brand = await requireOwn(user, brandId);
        requireEditable(brand);
        if (isVerified(brand)) {
          const changed = (
            [
              ['name', brand.name !== body.name],
              ['website', brand.website !== body.website],
              ['industry_type_id', brand.industryTypeId !== body.industry_type_id],
            ] as const
          ).filter(([, differs]) => differs);
          if (changed.length > 0) {
            const errors = changed.map(([field]) => ({ field, message: LOCKED_MESSAGES[field] }));
            throw new ConflictError(errors[0]?.message ?? 'A verified brand keeps these fields.', errors);
          }
        }
        await checkReferences(body);
        await repository.update(brandId, fieldsOf(body));
        await repository.setCarriers(brandId, body.carrier_ids);
        await audit.record('brand.updated', {
          actorUserId: user.userId,
          actorEmail: user.email,
          partnerId: user.partnerId,
          detail: { brandId, name: body.name },
        });
      });
      return detail(user, brandId);
    },

    async remove(user: AuthenticatedUser, brandId: string): Promise<void> {
      const keys = await database.transaction(async () => {
        const brand = await requireOwn(user, brandId);
        if (brand.botLaunchedAt) throw new ConflictError(BOT_LAUNCHED);
        const state = stateOf(brand);
        if (!BRAND_DELETABLE_STATES.includes(state)) {
          throw new ConflictError(
            `This brand is ${BRAND_MACHINE.states[state].label.toLowerCase()}: only a draft or rejected brand can be deleted.`,
            { current: BRAND_MACHINE.states[state] },
          );
        }
        const files = [
          ...(await repository.documentKeys(brandId)),
          ...(brand.logoKey ? [brand.logoKey] : []),
        ];
        await repository.delete(brandId);
        await audit.record('brand.deleted', {
          actorUserId: user.userId,
          actorEmail: user.email,
          partnerId: user.partnerId,
          detail: { brandId, name: brand.name },
        });
        return files;
      });
      await removeQuietly(keys);
    },

    /** The logo, checked by content (PNG, JPEG, WebP or GIF of 224 x 224 px, at most 50 KB). */
    async setLogo(user: AuthenticatedUser, brandId: string, bytes: Uint8Array): Promise<TBrand> {
      const image = await checkImage({ label: 'Logo', ...BRAND_LOGO }, bytes);
      const key = `${BRAND_LOGOS_PREFIX}${brandId}/${randomBytes(12).toString('base64url')}.${image.format === 'jpeg' ? 'jpg' : image.format}`;
      // Refused before the upload when it would be refused after it; stored outside the unit of
      // work (no upload holds the brand's lock) and deleted again if the unit fails.
      await database.transaction(async () => requireEditable(await requireOwn(user, brandId)));
      await storage.put(key, bytes, `image/${image.format}`);
      let previous: string | null;
      try {
        previous = await database.transaction(async () => {
          const brand = await requireOwn(user, brandId);
          requireEditable(brand);
          await repository.update(brandId, { logoKey: key });
          return brand.logoKey;
        });
      } catch (error) {
        await removeQuietly([key]);
        throw error;
      }
      if (previous) await removeQuietly([previous]);
      return detail(user, brandId);
    },

    /** A business document: a real PDF (by content), within the size limit, stored privately. */
    async addDocument(
      user: AuthenticatedUser,
      brandId: string,
      documentTypeId: number,
      file: { bytes: Uint8Array; filename: string },
    ): Promise<TBrand> {
      const { pages } = await checkPdf('Business document', file.bytes, BRAND_DOCUMENT_MAX_BYTES);
      if (!(await repository.lookupExists('document-types', documentTypeId))) {
        const message = 'Choose a document type from the list.';
        throw new BadRequestError(message, [{ field: 'document_type_id', message }]);
      }
      const documentId = randomUUID();
      const key = `${BRAND_DOCUMENTS_PREFIX}${brandId}/${documentId}.pdf`;
      const checkRoom = async () => {
        const brand = await requireOwn(user, brandId);
        requireEditable(brand);
        if ((await repository.documentCount(brandId)) >= BRAND_DOCUMENTS_MAX) {
          throw new ConflictError(
            `A brand keeps at most ${BRAND_DOCUMENTS_MAX} documents: remove one first.`,
          );
        }
      };
      // Checked before the upload and again under the lock; the file is stored outside the unit of
      // work and deleted again if the unit fails.
      await database.transaction(checkRoom);
      await storage.put(key, file.bytes, 'application/pdf');
      try {
        await database.transaction(async () => {
          await checkRoom();
          await repository.insertDocument({
            documentId,
            brandId,
            documentTypeId,
            fileKey: key,
            filename: file.filename.slice(0, 200) || 'document.pdf',
            sizeBytes: file.bytes.length,
            pages,
            uploadedBy: user.userId,
          });
          await repository.update(brandId, {});
        });
      } catch (error) {
        await removeQuietly([key]);
        throw error;
      }
      return detail(user, brandId);
    },

    async removeDocument(user: AuthenticatedUser, brandId: string, documentId: string): Promise<TBrand> {
      const key = await database.transaction(async () => {
        const brand = await requireOwn(user, brandId);
        requireEditable(brand);
        const document = await repository.findDocument(brandId, documentId);
        if (!document) throw new NotFoundError('This document was not found.');
        await repository.deleteDocument(documentId);
        await repository.update(brandId, {});
        return document.fileKey;
      });
      await removeQuietly([key]);
      return detail(user, brandId);
    },

    /** A short-lived signed link to a document of a brand the caller sees. */
    async documentLink(user: AuthenticatedUser, brandId: string, documentId: string) {
      const found = await repository.find(await audienceOf(user), brandId);
      if (!found) throw new NotFoundError(NOT_FOUND);
      const document = await repository.findDocument(brandId, documentId);
      if (!document) throw new NotFoundError('This document was not found.');
      const link = await downloads.url({ key: document.fileKey, filename: document.filename });
      return { url: link.url, expires_at: link.expiresAt };
    },

    /** Independent submission: the brand goes to the platform's review without a bot. */
    async submit(user: AuthenticatedUser, brandId: string): Promise<TBrand> {
      await review.decide({
        machine: BRAND_MACHINE,
        subjectId: brandId,
        action: 'submit',
        actor: user,
        load: async () => {
          const brand = await repository.lockOwn(user.partnerId, brandId);
          if (brand && (await repository.documentCount(brandId)) === 0) {
            const message = 'Add at least one business document before submitting the brand.';
            throw new BadRequestError(message, [{ field: 'documents', message }]);
          }
          return brand?.status;
        },
        move: (from, to) => repository.moveStatus(brandId, from, to),
        alsoDo: async () => {
          await repository.update(brandId, { submittedAt: new Date() });
          // A resubmitted brand is reviewed afresh by every carrier.
          await repository.moveAllCarriers(
            brandId,
            [
              BRAND_CARRIER_MACHINE.states.to_be_approved_by_carrier.code,
              BRAND_CARRIER_MACHINE.states.approved.code,
              BRAND_CARRIER_MACHINE.states.rejected.code,
            ],
            BRAND_CARRIER_MACHINE.states.awaiting_platform.code,
          );
        },
      });
      return detail(user, brandId);
    },

    /** The platform's decision: forward to the carriers, approve, or reject with a reason. */
    async decide(
      user: AuthenticatedUser,
      brandId: string,
      action: BrandPlatformAction,
      reason: string | undefined,
    ): Promise<TBrand> {
      let brand: BrandRow | undefined;
      await review.decide({
        machine: BRAND_MACHINE,
        subjectId: brandId,
        action,
        actor: user,
        reason,
        load: async () => {
          brand = await repository.lockForPlatform(brandId);
          return brand?.status;
        },
        move: (from, to) => repository.moveStatus(brandId, from, to),
        alsoDo: async (_from, to) => {
          if (to === 'forwarded' || to === 'approved_pending_carrier') {
            await repository.moveAllCarriers(
              brandId,
              [BRAND_CARRIER_MACHINE.states.awaiting_platform.code],
              BRAND_CARRIER_MACHINE.states.to_be_approved_by_carrier.code,
            );
          }
          await audit.record('brand.decided', {
            actorUserId: user.userId,
            actorEmail: user.email,
            partnerId: brand?.partnerId ?? null,
            detail: { brandId, action, to },
          });
        },
        notify: async () => (brand ? notifyOwners(brand) : null),
      });
      return detail(user, brandId);
    },

    /**
     * A carrier's decision for its own network. When it is the last carrier to decide, the brand
     * settles: approved when at least one carrier approved, rejected when every one rejected.
     */
    async carrierDecide(
      user: AuthenticatedUser,
      brandId: string,
      action: BrandCarrierAction,
      reason: string | undefined,
    ): Promise<TBrand> {
      const carrierId = (await repository.carrierOfPartner(user.partnerId)) ?? -1;
      let brand: BrandRow | undefined;
      // One unit of work: the carrier's decision, then (the brand still locked) the settling one.
      await database.transaction(async () => {
        await review.decide({
          machine: BRAND_CARRIER_MACHINE,
          subjectId: brandId,
          carrierId,
          action,
          actor: user,
          reason,
          load: async () => {
            const locked = await repository.lockForCarrier(brandId, carrierId);
            brand = locked?.brand;
            return locked?.review.status;
          },
          move: (from, to) => repository.moveCarrierStatus(brandId, carrierId, from, to),
          alsoDo: async (_from, to) => {
            await audit.record('brand.decided', {
              actorUserId: user.userId,
              actorEmail: user.email,
              partnerId: brand?.partnerId ?? null,
              detail: { brandId, carrierId, action, to },
            });
          },
          notify: async () => (brand ? notifyOwners(brand) : null),
        });
        const tally = await repository.carrierTally(brandId);
        const settling = brand && ['forwarded', 'approved_pending_carrier'].includes(stateOf(brand));
        if (!settling || tally.undecided > 0) return;
        await review.decide({
          machine: BRAND_MACHINE,
          subjectId: brandId,
          action: tally.approved > 0 ? 'carriers-approved' : 'carriers-rejected',
          actor: user,
          load: async () => (await repository.lockForPlatform(brandId))?.status,
          move: (from, next) => repository.moveStatus(brandId, from, next),
          notify: async () => (brand ? notifyOwners(brand) : null),
        });
      });
      return detail(user, brandId);
    },

    /** The brand's history and its carriers' (a carrier reads only its own network's decisions). */
    async history(
      user: AuthenticatedUser,
      brandId: string,
      window: { start: number; end: number },
    ): Promise<TReviewHistory> {
      const audience = await audienceOf(user);
      if (!(await repository.find(audience, brandId))) throw new NotFoundError(NOT_FOUND);
      const machines = [BRAND_MACHINE, BRAND_CARRIER_MACHINE];
      if (audience.kind !== 'carrier') return review.history(machines, brandId, window);
      const all = await review.history(machines, brandId, { start: 0, end: 500 });
      const own = all.items.filter((e) => e.carrier_id === null || e.carrier_id === audience.carrierId);
      return { items: own.slice(window.start, window.end), total: own.length };
    },

    /**
     * Asks the network to verify the brand (Business Communications API: the brand, a verification
     * agent, then requestVerification with the brand's contact). The state is stored and shown.
     */
    async requestVerification(user: AuthenticatedUser, brandId: string): Promise<TBrand> {
      const brand = await database.transaction(() => requireOwn(user, brandId));
      if (isVerified(brand)) return detail(user, brandId);
      const rbm = connectors.get('rbm');
      let agent = brand.networkAgent;
      if (!agent) {
        const registered = await rbm.registerAgent({
          brandDisplayName: brand.name,
          agentDisplayName: brand.name,
          rcsBusinessMessagingAgent: {
            description: brand.description ?? brand.name,
            phoneNumbers: [{ phoneNumber: { number: brand.contactPhone }, label: 'Contact' }],
            websites: [{ uri: brand.website, label: 'Website' }],
            emails: [{ address: brand.contactEmail, label: 'Contact' }],
          },
        });
        agent = registered.agent;
        await database.transaction(() =>
          repository.update(brandId, { networkBrand: registered.brand, networkAgent: registered.agent }),
        );
      }
      const state = await rbm.requestVerification(agent, {
        partnerName: (await repository.partnerName(brand.partnerId)) || brand.name,
        partnerEmailAddress: user.email,
        brandContactName: brand.contactName,
        brandContactEmailAddress: brand.contactEmail,
        brandWebsiteUrl: brand.website,
      });
      await database.transaction(() =>
        repository.update(brandId, { verificationState: state, verificationCheckedAt: new Date() }),
      );
      return detail(user, brandId);
    },

    /** Reads the verification state from the network again. */
    async refreshVerification(user: AuthenticatedUser, brandId: string): Promise<TBrand> {
      const brand = await database.transaction(() => requireOwn(user, brandId));
      if (!brand.networkAgent) {
        throw new ConflictError('Verification has not been requested for this brand yet.');
      }
      const state = await connectors.get('rbm').verificationState(brand.networkAgent);
      await database.transaction(() =>
        repository.update(brandId, { verificationState: state, verificationCheckedAt: new Date() }),
      );
      return detail(user, brandId);
    },

    /** The stored brand files the sweep must keep. */
    storedFiles: [BRAND_LOGOS_PREFIX, BRAND_DOCUMENTS_PREFIX].map((prefix) => ({
      prefix,
      referenced: (keys: readonly string[]) => repository.referencedKeys(keys),
    })),
  };
}
export type BrandsService = ReturnType<typeof createBrandsService>;
