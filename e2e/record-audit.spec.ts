import { startFakeOpenAiServer } from '../src/server/test-support/fake-openai-server.ts';
import { expectNoAxeFindings } from './support/axe.ts';
import { createUser } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { ownServer } from './support/own-server.ts';
import { answerAsOwner, PASSWORD, personWithRecord } from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 29 §1–§3 in Chromium against a server of this spec's own that sends reports to an
// OpenAI-compatible API (a local test server): the person is asked before any answer goes to it,
// and sees who opened their record and who generated a report from it.

test('the person is asked before an outside AI, and sees the admin who opened the record and generated a report', async ({
  browser,
  screenshots,
}) => {
  test.setTimeout(240_000);
  const provider = await startFakeOpenAiServer();
  provider.behave({ kind: 'reply', content: 'A drafted report about Ada.' });
  const server = ownServer(undefined, { OPENAI_API_KEY: 'sk-e2e-secret', OPENAI_BASE_URL: provider.baseUrl });
  try {
    await server.start();
    const owner = personWithRecord('audit-owner', server.env);
    await answerAsOwner(browser, owner, { name: 'Ada Lovelace' }, server.baseUrl);

    // The owner's screen asks, under the heading, with nothing allowed yet.
    const ownerContext = await browser.newContext({ baseURL: server.baseUrl });
    const ownerPage = await ownerContext.newPage();
    await login(ownerPage, { email: owner.email, password: PASSWORD });
    await ownerPage.goto(`/#/record/${owner.recordId}`);
    const question = ownerPage.getByRole('checkbox', {
      name: 'Allow Demo Organization to use an AI service to draft a report from your answers',
    });
    await expect(question).not.toBeChecked();
    await expect(ownerPage.getByRole('link', { name: 'Read the AI policy' })).toHaveAttribute(
      'href',
      '#/aipolicy',
    );
    await screenshots(ownerPage, 'record-trust-not-asked', { of: ownerPage.locator('.record-trust') });

    // An admin opens the record and tries to generate a report: refused, nothing sent.
    const adminContext = await browser.newContext({ baseURL: server.baseUrl });
    const adminPage = await adminContext.newPage();
    const adminEmail = uniqueEmail('audit-admin');
    createUser({ email: adminEmail, name: 'Adele Admin', password: PASSWORD, role: 'admin' }, server.env);
    await login(adminPage, { email: adminEmail, password: PASSWORD });
    await adminPage.goto(`/#/record/${owner.recordId}`);
    const area = adminPage.getByRole('region', { name: /Reports/ });
    await area.getByRole('button', { name: 'Generate New Report' }).click();
    await expect(
      adminPage.getByRole('alert').filter({
        hasText: 'This person has not agreed to AI processing of their answers.',
      }),
    ).toBeVisible();
    expect(provider.received).toHaveLength(0);
    // The admin's own screen offers the person no such question.
    await expect(adminPage.getByRole('checkbox', { name: /use an AI service/ })).toHaveCount(0);

    // The owner agrees; the admin's next try goes to the model.
    await question.check();
    await expect(ownerPage.getByRole('status').filter({ hasText: /^Allowed since/ })).toBeVisible();
    await expect(question).toBeChecked();
    await screenshots(ownerPage, 'record-trust-allowed', { of: ownerPage.locator('.record-trust') });
    await area.getByRole('button', { name: 'Generate New Report' }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: 'New report generated successfully!' }),
    ).toBeVisible();
    expect(provider.received.map((r) => r.body.model)).toEqual(['gpt-4o-mini']);

    // The owner sees both entries, and their own consent, in their words.
    await ownerPage.reload();
    await ownerPage.getByText('Who has seen your record').click();
    const list = ownerPage.locator('.record-trust__entries');
    // Issue 44 §4: one line per reader and day, what they did in words, the day last.
    await expect(
      list.getByRole('listitem').filter({
        hasText:
          /^Adele Admin, admin, opened your record( \d+ times)? and generated a report with gpt-4o-mini, \d+ \w+$/,
      }),
    ).toBeVisible();
    await expect(
      list.getByRole('listitem').filter({ hasText: 'You allowed an AI service to draft a report' }),
    ).toBeVisible();
    await expectNoAxeFindings(ownerPage, 'who has seen your record', {
      include: '.record-trust',
      minorToo: true,
    });
    await screenshots(ownerPage, 'record-trust-who-has-seen', { of: ownerPage.locator('.record-trust') });

    // Withdrawn: the next try is refused again, and the withdrawal is listed.
    await expect(question).toBeChecked();
    await expect(question).toBeEnabled();
    await question.uncheck();
    await expect(ownerPage.getByRole('status').filter({ hasText: /^Not allowed since/ })).toBeVisible();
    await area.getByRole('button', { name: 'Generate New Report' }).click();
    await expect(
      // The first refusal's message may still be on screen: the newest one is this one's.
      adminPage
        .getByRole('alert')
        .filter({ hasText: 'This person has not agreed to AI processing of their answers.' })
        .last(),
    ).toBeVisible();
    expect(provider.received).toHaveLength(1);
    await expect(
      list.getByRole('listitem').filter({ hasText: /^You .*withdrew the permission for an AI service, / }),
    ).toBeVisible();

    // The console's Audit tab, searched by the person's name, paged by the server.
    await adminPage.goto('/#/admin?tab=audit');
    await adminPage.getByRole('searchbox', { name: 'Search by person or record id' }).fill(owner.name);
    const table = adminPage
      .getByRole('grid', { name: 'Audit' })
      .or(adminPage.getByRole('table', { name: 'Audit' }));
    await expect(
      table.getByRole('row').filter({ hasText: 'generated a report with gpt-4o-mini' }),
    ).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: 'withdrew the permission' })).toHaveCount(1);
    await expectNoAxeFindings(adminPage, 'the Audit tab', { include: '.admin-tab', minorToo: true });
    for (const width of [1280, 390]) {
      await adminPage.setViewportSize({ width, height: 900 });
      await adminPage.screenshot({ path: `test-results/admin-audit-${width}.png`, fullPage: true });
    }

    await ownerContext.close();
    await adminContext.close();
  } finally {
    await server.stop();
    await provider.close();
  }
});
