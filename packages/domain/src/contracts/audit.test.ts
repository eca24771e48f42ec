import { describe, expect, it } from 'vitest';
import { ZAuditLogQuery } from './audit.ts';
import { MAX_LIST_WINDOW } from './envelope.ts';

describe('ZAuditLogQuery', () => {
  it('defaults the window and the order (newest first) and drops empty filters', () => {
    expect(ZAuditLogQuery.parse({ email: '  ', action: undefined })).toEqual({
      start: 0,
      end: 30,
      sort: 'created_at',
      order: 'desc',
    });
    expect(ZAuditLogQuery.parse({ start: '30', end: '40', email: ' Ana ', from: '2026-01-31' })).toEqual({
      start: 30,
      end: 40,
      email: 'Ana',
      from: '2026-01-31',
      sort: 'created_at',
      order: 'desc',
    });
  });

  it('refuses dates that are not real days, a range that ends before it starts and an oversized window', () => {
    expect(ZAuditLogQuery.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(ZAuditLogQuery.safeParse({ to: '31/01/2026' }).success).toBe(false);
    expect(ZAuditLogQuery.safeParse({ from: '2026-02-02', to: '2026-02-01' }).success).toBe(false);
    expect(ZAuditLogQuery.safeParse({ from: '2026-02-01', to: '2026-02-01' }).success).toBe(true);
    expect(ZAuditLogQuery.safeParse({ end: MAX_LIST_WINDOW + 1 }).success).toBe(false);
    expect(ZAuditLogQuery.safeParse({ action: 'sign-up' }).success).toBe(false);
  });
});
