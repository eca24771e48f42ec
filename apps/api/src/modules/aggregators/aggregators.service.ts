import {
  AGGREGATOR_CARRIER_MACHINE,
  AGGREGATOR_MACHINE,
  type AggregatorCarrierAction,
  aggregatorCarrierStatusOf,
  aggregatorStatusOf,
  allowedActions,
  can,
  isProviderAdminRole,
  stateOfCode,
  type TAggregator,
  type TAggregatorBilling,
  type TAggregatorBillingRequestParsed,
  type TAggregatorFilters,
  type TAggregatorList,
  type TAggregatorListItem,
  type TMyAggregatorBilling,
  type TReviewHistory,
} from '@portico/domain';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError, NotFoundError } from '../../platform/http/errors.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { AggregatorAudience, AggregatorsRepository } from './aggregators.repository.ts';

type Row = Awaited<ReturnType<AggregatorsRepository['list']>>['rows'][number];
type BillingRow = NonNullable<Awaited<ReturnType<AggregatorsRepository['billingOf']>>>;
const NOT_FOUND = 'This aggregator was not found.';
const NOT_AGGREGATOR = 'Billing info is kept for aggregator accounts only: this account is no aggregator.';

function present(row: Row): TAggregatorListItem {
  return {
    partner_id: row.partnerId,
    name: row.name,
    owner_email: row.ownerEmail,
    status: aggregatorStatusOf(row.status),
    launch_approved: row.launchApproved,
    child_users: row.childUsers,
    carrier_status: row.carrierStatus === null ? null : aggregatorCarrierStatusOf(row.carrierStatus),
    created_at: row.createdAt.toISOString(),
  };
}

function presentBilling(row: BillingRow): TAggregatorBilling {
  const { billing, category } = row;
  return {
    contact_name: billing.contactName,
    contact_email: billing.contactEmail,
    contact_phone: billing.contactPhone,
    tax_id: billing.taxId,
    address: {
      line1: billing.address.line1,
      ...(billing.address.line2 ? { line2: billing.address.line2 } : {}),
      city: billing.address.city,
      ...(billing.address.state ? { state: billing.address.state } : {}),
      postalCode: billing.address.postalCode,
      countryId: billing.address.countryId,
    },
    billing_category: category,
    updated_at: billing.updatedAt.toISOString(),
    updated_by: billing.updatedBy,
  };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * Aggregator approval: lists, details (with child users, billing info and the carriers' reviews),
 * history, the platform's decisions, each carrier's decision for its own network, and the
 * aggregator's own billing info. Every use case is one unit of work.
 */
export function createAggregatorsService(deps: {
  database: Pick<Database, 'transaction'>;
  repository: AggregatorsRepository;
  review: ReviewService;
  audit: AuditService;
  publicUrl: string;
}) {
  const { database, repository, review, audit } = deps;
  async function audienceOf(user: AuthenticatedUser): Promise<AggregatorAudience> {
    if (isProviderAdminRole(user.role)) return { kind: 'platform' };
    return { kind: 'carrier', carrierId: (await repository.carrierOfPartner(user.partnerId)) ?? -1 };
  }

  async function detail(user: AuthenticatedUser, partnerId: string): Promise<TAggregator> {
    const audience = await audienceOf(user);
    const row = await repository.find(audience, partnerId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const [people, billing, forwardedTo] = await Promise.all([
      repository.usersOf(partnerId),
      repository.billingOf(partnerId),
      repository.carriersOf(partnerId),
    ]);
    const owner = people.find((p) => p.role === null || p.role === 'DEVELOPER');
    const address = row.address ?? {};
    let actions: string[] = [];
    if (audience.kind === 'platform') {
      const state = stateOfCode(AGGREGATOR_MACHINE, row.status);
      actions = state ? allowedActions(AGGREGATOR_MACHINE, state, user.role) : [];
    } else if (row.carrierStatus !== null) {
      const state = stateOfCode(AGGREGATOR_CARRIER_MACHINE, row.carrierStatus);
      actions = state ? allowedActions(AGGREGATOR_CARRIER_MACHINE, state, user.role) : [];
    }
    return {
      ...present(row),
      website: text(row.company?.website),
      registration_number: text(row.company?.registrationNumber),
      address: ['line1', 'line2', 'city', 'state', 'postalCode', 'countryId']
        .map((key) => text(address[key]))
        .filter(Boolean)
        .join(', '),
      owner_name: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
      users: people.map((p) => ({
        email: p.email,
        name: `${p.firstName} ${p.lastName}`.trim(),
        role: p.role,
        status: p.status,
      })),
      billing: billing ? presentBilling(billing) : null,
      // A carrier sees its own network's review only, never another's.
      carriers: forwardedTo
        .filter((c) => audience.kind === 'platform' || c.carrierId === audience.carrierId)
        .map((c) => ({
          carrier_id: c.carrierId,
          name: c.name,
          country_id: c.countryId,
          status: aggregatorCarrierStatusOf(c.status),
        })),
      allowed_actions: actions,
    };
  }

  async function ownerNotice(partnerId: string) {
    const people = await repository.usersOf(partnerId);
    const owners = people.filter((p) => (p.role === null || p.role === 'DEVELOPER') && p.status === 'active');
    return {
      recipients: owners.map((p) => p.email),
      subjectName: 'Your aggregator account',
      link: `${deps.publicUrl}/u/dashboard`,
    };
  }

  return {
    async list(
      user: AuthenticatedUser,
      filters: TAggregatorFilters,
      window: { start: number; end: number },
    ): Promise<TAggregatorList> {
      const audience = await audienceOf(user);
      const [{ rows, total }, tabs] = await Promise.all([
        repository.list(audience, filters, window),
        repository.tabCounts(audience, filters),
      ]);
      const items = rows.map(present);
      // Written per audience so the counts keep their own tabs' keys.
      return tabs.kind === 'platform'
        ? { items, total, tabCounts: tabs.counts }
        : { items, total, tabCounts: tabs.counts };
    },

    async exportRows(user: AuthenticatedUser, filters: TAggregatorFilters): Promise<TAggregatorListItem[]> {
      return (await repository.list(await audienceOf(user), filters, { start: 0, end: 5000 })).rows.map(
        present,
      );
    },

    get: detail,

    /** The aggregator's history and its carriers' (a carrier reads only its own network's decisions). */
    async history(
      user: AuthenticatedUser,
      partnerId: string,
      window: { start: number; end: number },
    ): Promise<TReviewHistory> {
      const audience = await audienceOf(user);
      if (!(await repository.find(audience, partnerId))) throw new NotFoundError(NOT_FOUND);
      const machines = [AGGREGATOR_MACHINE, AGGREGATOR_CARRIER_MACHINE];
      if (audience.kind === 'platform') return review.history(machines, partnerId, window);
      const all = await review.history(machines, partnerId, { start: 0, end: 1000 });
      const own = all.items.filter((e) => e.carrier_id === null || e.carrier_id === audience.carrierId);
      return { total: own.length, items: own.slice(window.start, window.end) };
    },

    /**
     * The platform's decision; approval sets launchApproved and the provider approval status
     * together; forwarding puts the aggregator before each active carrier of its country.
     */
    async decide(
      user: AuthenticatedUser,
      partnerId: string,
      action: 'forward' | 'approve' | 'reject',
      reason: string | undefined,
    ): Promise<TAggregator> {
      await review.decide({
        machine: AGGREGATOR_MACHINE,
        subjectId: partnerId,
        action,
        actor: user,
        reason,
        load: () => repository.lock(partnerId),
        move: (from, to) => repository.move(partnerId, from, to),
        alsoDo: async (_from, to) => {
          if (to !== 'forwarded') return;
          const countryId = await repository.countryOf(partnerId);
          if (countryId) await repository.forwardToCarriersOf(partnerId, countryId);
        },
        notify: () => ownerNotice(partnerId),
      });
      return detail(user, partnerId);
    },

    /** A carrier's decision for its own network (another network's aggregator is a 404). */
    async carrierDecide(
      user: AuthenticatedUser,
      partnerId: string,
      action: AggregatorCarrierAction,
      reason: string | undefined,
    ): Promise<TAggregator> {
      const carrierId = (await repository.carrierOfPartner(user.partnerId)) ?? -1;
      await review.decide({
        machine: AGGREGATOR_CARRIER_MACHINE,
        subjectId: partnerId,
        carrierId,
        action,
        actor: user,
        reason,
        load: () => repository.lockForCarrier(partnerId, carrierId),
        move: (from, to) => repository.moveCarrierStatus(partnerId, carrierId, from, to),
        notify: () => ownerNotice(partnerId),
      });
      return detail(user, partnerId);
    },

    /** The caller's own billing info (404 for a developer that is no aggregator). */
    async myBilling(user: AuthenticatedUser): Promise<TMyAggregatorBilling> {
      const own = await repository.ownPartner(user.partnerId);
      if (!own?.isAggregator) throw new NotFoundError(NOT_AGGREGATOR);
      const billing = await repository.billingOf(user.partnerId);
      return {
        name: own.name,
        billing: billing ? presentBilling(billing) : null,
        can_edit: can(user.role, 'aggregators.billing.write'),
      };
    },

    /** The caller's own aggregator's history: every decision, the platform's and each carrier's, with its reason. */
    async myHistory(
      user: AuthenticatedUser,
      window: { start: number; end: number },
    ): Promise<TReviewHistory> {
      const own = await repository.ownPartner(user.partnerId);
      if (!own?.isAggregator) throw new NotFoundError(NOT_AGGREGATOR);
      return review.history([AGGREGATOR_MACHINE, AGGREGATOR_CARRIER_MACHINE], user.partnerId, window);
    },

    /** Sets up or changes the billing info, with a security record of the change. */
    async saveMyBilling(
      user: AuthenticatedUser,
      body: TAggregatorBillingRequestParsed,
    ): Promise<TMyAggregatorBilling> {
      await database.transaction(async () => {
        const own = await repository.ownPartner(user.partnerId);
        if (!own?.isAggregator) throw new NotFoundError(NOT_AGGREGATOR);
        if (!(await repository.isBillingCategory(body.billing_category_id))) {
          const message = 'Choose a billing category from the list.';
          throw new BadRequestError(message, [{ field: 'billing_category_id', message }]);
        }
        const before = await repository.billingOf(user.partnerId);
        await repository.saveBilling({
          partnerId: user.partnerId,
          contactName: body.contact_name,
          contactEmail: body.contact_email,
          contactPhone: body.contact_phone,
          taxId: body.tax_id,
          address: body.address,
          billingCategoryId: body.billing_category_id,
          updatedBy: user.email,
        });
        await audit.record('aggregator.billing.updated', {
          actorUserId: user.userId,
          actorEmail: user.email,
          partnerId: user.partnerId,
          detail: {
            created: before === undefined,
            changed: before ? changedFields(before, body) : [],
          },
        });
      });
      return this.myBilling(user);
    },
  };
}
export type AggregatorsService = ReturnType<typeof createAggregatorsService>;

/** Which fields a change touched (the security record names them, not their values). */
function changedFields(before: BillingRow, body: TAggregatorBillingRequestParsed): string[] {
  const b = before.billing;
  const pairs: [string, unknown, unknown][] = [
    ['contact_name', b.contactName, body.contact_name],
    ['contact_email', b.contactEmail, body.contact_email],
    ['contact_phone', b.contactPhone, body.contact_phone],
    ['tax_id', b.taxId, body.tax_id],
    ['billing_category_id', b.billingCategoryId, body.billing_category_id],
  ];
  const keys = ['line1', 'line2', 'city', 'state', 'postalCode', 'countryId'] as const;
  const addressChanged = keys.some((key) => (b.address[key] ?? '') !== (body.address[key] ?? ''));
  return [...pairs.filter(([, was, now]) => was !== now).map(([field]) => field)].concat(
    addressChanged ? ['address'] : [],
  );
}
