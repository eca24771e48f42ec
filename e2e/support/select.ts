import type { Locator } from '@playwright/test';

/**
 * Chooses an option of a native select by its text: a string is the whole label (Playwright waits
 * for it to be there), a RegExp the first option whose text it matches (waited for the same way).
 */
export async function chooseOption(select: Locator, option: string | RegExp): Promise<void> {
  if (typeof option === 'string') {
    await select.selectOption({ label: option });
    return;
  }
  const match = select.locator('option').filter({ hasText: option }).first();
  await match.waitFor({ state: 'attached' });
  await select.selectOption({ label: ((await match.textContent()) ?? '').trim() });
}

/** The option a native select shows (its text is the choice's label). */
export const chosenOption = (select: Locator): Locator => select.locator('option:checked');
