/**
 * Issue 26, point 4: bulk approve on a review list. The super admin chooses two submitted launches
 * on /admin/bots, approves both with one call, reads each outcome, and finds them no longer waiting;
 * a bulk rejection asks for its one reason first. The list sorts by a click on a column header
 * (aria-sort). The launch page shows the agent as users will see it, the decisions in the bar at
 * the window's bottom with what each does, and its sections' anchors. Axe on each screen, at 1280
 * and 600 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { DESKTOP, NARROW, screenshotsIn } from '../support/screenshots.ts';
import { chosenOption } from '../support/select';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const screenshots = screenshotsIn('bulk-review');

async function axeAtBothWidths(page: Page, name: string) {
  expect(await seriousViolations(page), `${name} at 1280`).toEqual([]);
  await page.setViewportSize(NARROW);
  expect(await seriousViolations(page), `${name} at 600`).toEqual([]);
  await page.setViewportSize({ ...DESKTOP, height: 900 });
}

/** The names of the launches the list lets the admin choose (the launch-review journey's bot left alone). */
async function choosable(page: Page): Promise<string[]> {
  const boxes = page
    .getByRole('table', { name: 'Launches' })
    .getByRole('checkbox', { name: /^Choose (?!every)/ });
  const names = (
    await boxes.evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label') ?? ''))
  )
    .map((label) => label.replace(/^Choose /, ''))
    .filter((name) => !name.startsWith('Saffron Stays'));
  return names;
}

test('when the super admin approves two submitted launches at once then each is approved, the outcome says so, and they no longer wait; a bulk rejection asks its reason first', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInFromLanding(page, 'superadmin@portico.test');
  await page.goto('/admin/bots?tab=submitted');
  const table = page.getByRole('table', { name: 'Launches' });
  await expect(table).toBeVisible();

  // Sorting by a header: the Bot column, A-Z then Z-A, said by aria-sort.
  const botHeader = table.getByRole('columnheader', { name: /^Bot/ });
  await botHeader.getByRole('button').click();
  await expect(botHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(chosenOption(page.getByRole('combobox', { name: 'Sort' }))).toHaveText('Bot A-Z');
  await botHeader.getByRole('button').click();
  await expect(botHeader).toHaveAttribute('aria-sort', 'descending');

  const [first, second] = await choosable(page);
  expect(first, 'two submitted demo launches to approve').toBeTruthy();
  expect(second, 'two submitted demo launches to approve').toBeTruthy();
  await page.getByRole('checkbox', { name: `Choose ${first}` }).check();
  await page.getByRole('checkbox', { name: `Choose ${second}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk decision' });
  await expect(bar.getByRole('status')).toHaveText('2 launches chosen');
  await axeAtBothWidths(page, 'list with two chosen');
  await screenshots(page, 'list-chosen');

  // A rejection asks for the one reason before anything is sent; cancelled here.
  await bar.getByRole('button', { name: 'Reject 2 launches' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject 2 launches?' });
  await reject.getByRole('button', { name: 'Reject 2 launches' }).click();
  await expect(reject.getByText('Give a reason: each submitter reads it.')).toBeVisible();
  await axeAtBothWidths(page, 'bulk reject dialog');
  await screenshots(page, 'reject-dialog');
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toBeHidden();

  await bar.getByRole('button', { name: 'Approve 2 launches' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve 2 launches?' });
  await expect(approve).toContainText('charges the verification hold');
  await expect(approve.getByRole('list', { name: 'The launches to approve' })).toContainText(first as string);
  await approve.getByRole('button', { name: 'Approve 2 launches' }).click();
  const outcome = page.getByRole('dialog', { name: 'Approve: the outcome' });
  await expect(outcome).toContainText('2 launches approved.');
  await axeAtBothWidths(page, 'bulk outcome');
  await screenshots(page, 'outcome');
  await outcome.getByRole('button', { name: 'Close' }).click();
  await expect(outcome).toBeHidden();
  await expect(bar).toBeHidden();

  // Neither waits on the submitted tab any more.
  for (const name of [first, second] as string[]) {
    await page.getByRole('textbox', { name: 'Search bots' }).fill(name);
    await expect(table.getByRole('link', { name, exact: true })).toHaveCount(0);
  }

  // The launch page: the agent as users see it, sections, and decisions kept in reach.
  await page.goto('/admin/bots?tab=all');
  await page.getByRole('textbox', { name: 'Search bots' }).fill(first as string);
  await page.getByRole('link', { name: first as string, exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
  await expect(
    page
      .getByRole('figure', { name: 'RCS preview' })
      .or(page.getByRole('figure', { name: 'WhatsApp preview' }))
      .first(),
  ).toBeVisible();
  const decisions = page.getByTestId('sticky-actions');
  await expect(decisions.getByTestId('decision-effects')).toContainText(
    'Reject sends it back to the developer',
  );
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/#launch-history$/);
  await axeAtBothWidths(page, 'launch details');
  await screenshots(page, 'launch-details');
});
