import { expectNoAxeFindings } from './support/axe.ts';
import { runCli } from './support/cli.ts';
import { followMailedLink } from './support/fixtures.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 43 "Done when": a person sets reminders on the record screen and follows the mail's link
// from the local mailbox to the next unanswered question. The next reminder is sent now through
// the CLI (`send-reminder-now`), the same job its time would start.

test('sets reminders, and the mail’s link opens the record at the next unanswered question', async ({
  page,
  recordOwner: owner,
  screenshots,
}) => {
  await page.getByRole('main').getByRole('button', { name: 'Reminders', exact: true }).click();
  const reminders = page.getByRole('region', { name: 'Reminders' });
  await reminders.scrollIntoViewIfNeeded();
  await expect(reminders.getByRole('button', { name: 'Snooze for a week' })).toBeDisabled();
  await reminders.getByLabel('How often').selectOption({ label: 'Every week' });
  await reminders.getByLabel('Day').selectOption({ label: 'Sunday' });
  await reminders.getByLabel('Time', { exact: true }).fill('18:30');
  await expect(reminders.getByLabel('Time zone')).not.toHaveValue('');
  await reminders.getByLabel('One question by e-mail').check();
  await reminders.getByRole('button', { name: 'Save reminders' }).click();
  await expect(reminders.getByRole('status')).toContainText('Your reminders are saved.');
  await expect(reminders.getByRole('status')).toContainText('Next reminder:');
  await expect(reminders.getByRole('button', { name: 'Snooze for a week' })).toBeEnabled();
  await expectNoAxeFindings(page, 'the Reminders setting', { include: '#reminders', minorToo: true });
  await screenshots(page, 'record-reminders');

  runCli(['send-reminder-now', '--record', owner.recordId]);
  await followMailedLink(page, owner.email, /Your Life Record is waiting for you/);

  // The record, at its first unanswered question, with the caret in it.
  await expect(page.getByRole('heading', { level: 1, name: 'Life Inventory' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe(`#/record/${owner.recordId}?next=1`);
  const focused = page.locator('[data-question] :focus');
  await expect(focused).toBeVisible();
  await screenshots(page, 'record-next-question');
});
