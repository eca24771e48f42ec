import {
  AGGREGATOR_MACHINE,
  aggregatorStatusOf,
  allowedActions,
  isProviderAdminRole,
  stateOfCode,
  type TAggregator,
  type TAggregatorFilters,
  type TAggregatorListItem,
  type TListResult,
  type TReviewHistory,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { NotFoundError } from '../../platform/http/errors.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { AggregatorAudience, AggregatorsRepository } from './aggregators.repository.ts';

type Row = Awaited<ReturnType<AggregatorsRepository['list']>>['rows'][number];
const NOT_FOUND = 'This aggregator was not found.';

function present(row: Row): TAggregatorListItem {
  return {
    partner_id: row.partnerId,
    name: row.name,
    owner_email: row.ownerEmail,
    status: aggregatorStatusOf(row.status),
    launch_approved: row.launchApproved,
    child_users: row.childUsers,
    created_at: row.createdAt.toISOString(),
  };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Aggregator approval: lists, details (with child users), history and the platform's decisions. */
export function createAggregatorsService(deps: {
  repository: AggregatorsRepository;
  review: ReviewService;
  publicUrl: string;
}) {
  const { repository, review } = deps;
  const audienceOf = (user: AuthenticatedUser): AggregatorAudience =>
    isProviderAdminRole(user.role) ? { kind: 'platform' } : { kind: 'carrier' };

  async function detail(user: AuthenticatedUser, partnerId: string): Promise<TAggregator> {
    const row = await repository.find(audienceOf(user), partnerId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const people = await repository.usersOf(partnerId);
    const owner = people.find((p) => p.role === null || p.role === 'DEVELOPER');
    const address = row.address ?? {};
    const state = stateOfCode(AGGREGATOR_MACHINE, row.status);
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
      allowed_actions: state ? allowedActions(AGGREGATOR_MACHINE, state, user.role) : [],
    };
  }

  return {
    async list(
      user: AuthenticatedUser,
      filters: TAggregatorFilters,
      window: { start: number; end: number },
    ): Promise<TListResult<TAggregatorListItem>> {
      const { rows, total } = await repository.list(audienceOf(user), filters, window);
      return { items: rows.map(present), total };
    },

    async exportRows(user: AuthenticatedUser, filters: TAggregatorFilters): Promise<TAggregatorListItem[]> {
      return (await repository.list(audienceOf(user), filters, { start: 0, end: 5000 })).rows.map(present);
    },

    get: detail,

    async history(
      user: AuthenticatedUser,
      partnerId: string,
      window: { start: number; end: number },
    ): Promise<TReviewHistory> {
      if (!(await repository.find(audienceOf(user), partnerId))) throw new NotFoundError(NOT_FOUND);
      return review.history([AGGREGATOR_MACHINE], partnerId, window);
    },

    /** The platform's decision; approval sets launchApproved and the provider approval status together. */
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
        notify: async () => {
          const people = await repository.usersOf(partnerId);
          const owners = people.filter(
            (p) => (p.role === null || p.role === 'DEVELOPER') && p.status === 'active',
          );
          return {
            recipients: owners.map((p) => p.email),
            subjectName: 'Your aggregator account',
            link: `${deps.publicUrl}/u/dashboard`,
          };
        },
      });
      return detail(user, partnerId);
    },
  };
}
export type AggregatorsService = ReturnType<typeof createAggregatorsService>;
