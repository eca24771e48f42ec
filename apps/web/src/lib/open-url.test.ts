import { describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import { openUrl } from './open-url';

describe('openUrl', () => {
  it('builds base + query and navigates in the app', () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {});
    expect(openUrl('/u/analytics', { slug: 'billing', empty: '', gone: undefined })).toBe(
      '/u/analytics?slug=billing',
    );
    expect(navigate).toHaveBeenCalledWith('/u/analytics?slug=billing');
  });

  it('leaves the app for an absolute URL', () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    openUrl('https://example.test/report', { id: 7 });
    expect(assign).toHaveBeenCalledWith('https://example.test/report?id=7');
  });

  it('opens a new window without an opener when asked', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openUrl('https://analytics.example.test/d', { ref: 'a b' }, { newWindow: true });
    expect(open).toHaveBeenCalledWith(
      'https://analytics.example.test/d?ref=a+b',
      '_blank',
      'noopener,noreferrer',
    );
  });
});
