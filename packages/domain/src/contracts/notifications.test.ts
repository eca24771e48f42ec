import { describe, expect, it } from 'vitest';
import { notificationsPathFor } from '../rules/navigation.ts';
import { portalPath, ZNotificationsQuery } from './notifications.ts';

describe('portalPath', () => {
  it('when a mail link is absolute then only its path, query and fragment are kept', () => {
    expect(portalPath('https://portal.example/u/view-template-details?templateId=7#versions')).toBe(
      '/u/view-template-details?templateId=7#versions',
    );
  });

  it('when a link points to another site then it still becomes a path of the portal', () => {
    expect(portalPath('https://evil.example/admin/bots')).toBe('/admin/bots');
    expect(portalPath('/u/my-wallet')).toBe('/u/my-wallet');
  });
});

describe('ZNotificationsQuery', () => {
  it('when unread is asked as text then it is a boolean, off by default, with the default window', () => {
    expect(ZNotificationsQuery.parse({})).toEqual({ start: 0, end: 20, unread: false });
    expect(ZNotificationsQuery.parse({ unread: 'true', start: '20', end: '40' })).toEqual({
      start: 20,
      end: 40,
      unread: true,
    });
    expect(ZNotificationsQuery.safeParse({ unread: 'yes' }).success).toBe(false);
  });
});

describe('notificationsPathFor', () => {
  it('when each audience opens See all then it lands in its own area', () => {
    expect(notificationsPathFor({ role: 'DEVELOPER', isCarrier: false })).toBe('/u/notifications');
    expect(notificationsPathFor({ role: 'USER_BILLING', isCarrier: true })).toBe('/billing/notifications');
    expect(notificationsPathFor({ role: 'ADMIN_PORTICO_READONLY', isCarrier: false })).toBe(
      '/admin/notifications',
    );
  });
});
