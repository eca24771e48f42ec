/**
 * The portal shell as the user meets it (landmarks and accessible names), and the checks the
 * journeys share.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { FOOTER_LINKS, FOOTER_TEXT, NOT_ALLOWED_TITLE } from './roles.ts';

export function shell(page: Page) {
  const header = page.getByRole('banner');
  return {
    header,
    logo: header.getByRole('link', { name: 'Portico home' }),
    nav: header.getByRole('navigation', { name: 'Main' }),
    navButton: header.getByRole('button', { name: 'Open navigation' }),
    profileButton: header.getByRole('button', { name: 'Open profile menu' }),
    signInButton: header.getByRole('button', { name: 'Sign in' }),
    signUpLink: header.getByRole('link', { name: 'Sign up' }),
    main: page.getByRole('main'),
    footer: page.getByRole('contentinfo'),
  };
}

/**
 * The footer's copyright line, the Press page (issue 17, in this tab) and its four policy links,
 * each opening a new tab.
 */
export async function expectFooter(page: Page): Promise<void> {
  const footer = shell(page).footer;
  await expect(footer).toContainText(FOOTER_TEXT);
  const links = footer.getByRole('link');
  await expect(links).toHaveText(['Press', ...FOOTER_LINKS.map((link) => link.label)]);
  await expect(links.first()).toHaveAttribute('href', '/press');
  await expect(links.first()).not.toHaveAttribute('target', '_blank');
  for (const [index, link] of FOOTER_LINKS.entries()) {
    const anchor = links.nth(index + 1);
    await expect(anchor).toHaveAttribute('href', link.href);
    await expect(anchor).toHaveAttribute('target', '_blank');
    await expect(anchor).toHaveAttribute('rel', /noopener/);
  }
}

export async function expectNotAllowed(page: Page, homePath: string): Promise<void> {
  await expect(page.getByRole('heading', { name: NOT_ALLOWED_TITLE })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to your home page' })).toHaveAttribute(
    'href',
    homePath,
  );
}

/**
 * Waits until a popover or menu has finished opening (MUI fades its paper in): axe would otherwise
 * measure colour contrast on half-transparent text.
 */
export async function expectOpened(popup: Locator): Promise<void> {
  await expect(popup).toBeVisible();
  await expect(popup.locator('xpath=ancestor-or-self::*[contains(@class, "MuiPaper-root")][1]')).toHaveCSS(
    'opacity',
    '1',
  );
}

/** The computed CSS cursor of an element (getComputedStyle). */
export function cursorOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).cursor);
}

/** Serious and critical axe violations on the page (or inside `include`), in a readable form. */
export async function seriousViolations(page: Page, include?: string) {
  // No colour half-way through a transition (a dialog or menu fading in, a button turning enabled):
  // axe would judge the contrast of a frame nobody reads. Endless animations (spinners) are skipped.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
