import { definePolicy } from './role-groups.ts';

/** Audiences and the opt-out list (issue 27): the partner's own, scoped to its partner. */
export const AUDIENCES_POLICY = definePolicy({
  /** Audiences, their recipients and refused lines, the opt-out list: every developer-side account. */
  'audiences.read': ['developer'],
  /** Upload and delete audiences: developer-side writers (gated for an aggregator awaiting approval). */
  'audiences.write': ['developerWriter'],
  /** Add to and remove from the opt-out list: developer-side writers. */
  'opt-outs.write': ['developerWriter'],
});
