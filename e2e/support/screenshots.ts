/**
 * Screenshots of a screen at the two widths every screen is looked at: 1280 px and 600 px.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const NARROW = { width: 600, height: 900 };

/** A function that saves full-page shots to e2e/screenshots/<folder>/<name>-1280.png and -600.png. */
/** Waits for the page to lay out and paint at a new size, so a full-page shot has no blank tiles. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

export function screenshotsIn(folder: string) {
  const dir = fileURLToPath(new URL(`../screenshots/${folder}/`, import.meta.url));
  mkdirSync(dir, { recursive: true });
  return async (page: Page, name: string): Promise<void> => {
    await page.evaluate(async () => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      await document.fonts.ready;
    });
    const viewport = page.viewportSize() ?? DESKTOP;
    await page.setViewportSize({ ...viewport, width: DESKTOP.width });
    await settled(page);
    await page.screenshot({ path: `${dir}${name}-1280.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize(NARROW);
    await settled(page);
    await page.screenshot({ path: `${dir}${name}-600.png`, fullPage: true, animations: 'disabled' });
    await page.setViewportSize(viewport);
  };
}
