import path from 'node:path';
import type { Page } from '@playwright/test';
import { listOutboxMessages } from '../src/server/modules/mail/outbox.ts';
import { e2eDataDir } from './support/e2e-environment.ts';
import { uniqueEmail } from './support/fixtures.ts';
import { expect, test } from './support/test-fixtures.ts';

test.use({ axeScope: { minorToo: true } });

// admin-app §2 Contact page, FAQ and legal pages, §5 contact rules, §8 contact error, §9 constants,
// against the real server (mail goes to its outbox in DATA_DIR/outbox).

const outboxDir = path.join(e2eDataDir, 'outbox');
const TREES = 'How many trees are in the row above?';

/** Every POST /api/support the page makes, to prove that nothing was sent. */
function recordSupportRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/support')) sent.push(request.postData() ?? '');
  });
  return sent;
}

async function fillContactForm(
  page: Page,
  { name, email, message, trees }: { name: string; email: string; message: string; trees: string },
) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name' }).fill(name);
  await main.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await main.getByRole('textbox', { name: 'Message' }).fill(message);
  await main.getByRole('textbox', { name: TREES }).fill(trees);
}

test.describe('Contact page', () => {
  test('a visitor sends a message: the thanks replaces the form, the message is kept and mailed', async ({
    page,
  }) => {
    const email = uniqueEmail('visitor');
    await page.goto('/#/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page).toHaveTitle('Contact Us · Life Record');
    await fillContactForm(page, {
      name: 'Vera Visitor',
      email,
      message: 'I was invited but cannot see my record.\nCan you help?',
      trees: '6',
    });
    await main.getByRole('button', { name: 'Let us Help' }).click();

    const thanks = main.getByRole('heading', { name: 'Thank you for your message!' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(main.getByText("We've received your message and will get back to you soon.")).toBeVisible();
    await expect(main.getByRole('button', { name: 'Let us Help' })).toHaveCount(0);

    const mail = (await listOutboxMessages(outboxDir)).find((m) => m.text.includes(email));
    expect(mail).toMatchObject({
      to: 'support@life-record.local',
      subject: '[Life Record] Contact form: Vera Visitor',
    });
    expect(mail?.text).toContain('I was invited but cannot see my record.\nCan you help?');
    // The reference is the id of the stored row: the server mails only what it has kept.
    expect(mail?.text).toMatch(/Reference: [0-9a-f-]{36}/);
  });

  test('a wrong tree count shows the hint and sends nothing', async ({ page, expectAxeClean }) => {
    const sent = recordSupportRequests(page);
    await page.goto('/#/contact');
    await fillContactForm(page, { name: 'Ada', email: uniqueEmail(), message: 'Hello', trees: '11' });
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Let us Help' }).click();
    const answer = main.getByRole('textbox', { name: TREES });
    await expect(
      main.getByText('Please count the trees correctly (hint: ignore the non-tree emojis!)'),
    ).toBeVisible();
    await expect(answer).toBeFocused();
    await expect(answer).toHaveAttribute('aria-invalid', 'true');
    await expect(answer).toHaveAccessibleDescription(
      /A row of 11 pictures: evergreen tree, tulip, .*Please count the trees correctly/,
    );
    await expectAxeClean(page, 'contact with errors');

    await answer.fill('six');
    await main.getByRole('button', { name: 'Let us Help' }).click();
    await expect(main.getByText('Please answer the math question correctly')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sent).toEqual([]);
  });

  test('required fields are named beside them, and nothing is sent', async ({ page }) => {
    const sent = recordSupportRequests(page);
    await page.goto('/#/contact');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Let us Help' }).click();
    await expect(main.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await expect(main.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Please enter your name.',
    );
    await expect(main.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'Please enter your e-mail address.',
    );
    await expect(main.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      'Please enter your message.',
    );
    await page.waitForLoadState('networkidle');
    expect(sent).toEqual([]);
  });

  test('a filled honeypot sends nothing and shows no error', async ({ page }) => {
    const sent = recordSupportRequests(page);
    await page.goto('/#/contact');
    await fillContactForm(page, { name: 'Bot', email: uniqueEmail('bot'), message: 'Buy now', trees: '6' });
    // What a bot does: fill every input it finds, the hidden one too.
    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Let us Help' }).click();
    await expect(main.getByRole('button', { name: 'Let us Help' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(main.getByText('Thank you for your message!')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(sent).toEqual([]);
  });

  test('too many messages from one address get a clear error and the form stays', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('busy');
    for (let n = 1; n <= 3; n += 1) {
      const response = await request.post('/api/support', {
        data: {
          name: 'Busy Person',
          email,
          message: `Message ${n}`,
          type: 'contact_form',
          timestamp: new Date().toISOString(),
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/#/contact');
    await fillContactForm(page, { name: 'Busy Person', email, message: 'One more thing…', trees: '6' });
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Let us Help' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^You have already sent 3 messages from this e-mail address in the last hour\. Please try again in \d+ minutes\.$/,
    );
    await expect(main.getByRole('textbox', { name: 'Message' })).toHaveValue('One more thing…');
    const mails = (await listOutboxMessages(outboxDir)).filter((m) => m.text.includes(email));
    expect(mails).toHaveLength(3);
  });

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto('/#/contact');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.type('Kim Keyboard');
    await page.keyboard.press('Tab');
    await page.keyboard.type(uniqueEmail('keys'));
    await page.keyboard.press('Tab');
    await page.keyboard.type('Typed without a mouse.');
    // The honeypot is skipped: the next stop is the tree question.
    await page.keyboard.press('Tab');
    await expect(main.getByRole('textbox', { name: TREES })).toBeFocused();
    await page.keyboard.type('6');
    await page.keyboard.press('Tab');
    await expect(main.getByRole('button', { name: 'Let us Help' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(main.getByRole('heading', { name: 'Thank you for your message!' })).toBeFocused();
  });
});

const legalPages: [link: string, route: string, heading: string][] = [
  ['Terms', '/terms', 'Terms of Use'],
  ['Privacy', '/privacy', 'Privacy Notice'],
  ['EULA', '/eula', 'End User License Agreement'],
  ['Cybersecurity', '/cybersecurity', 'Cybersecurity Policy'],
  ['AI-Generated Data Policy', '/aipolicy', 'AI-Generated Data Policy'],
];

test.describe('FAQ and legal pages', () => {
  test('each legal page opens from the footer, dated July 7, 2025', async ({ page }) => {
    await page.goto('/');
    for (const [link, route, heading] of legalPages) {
      await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${route}$`));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: heading }), route).toBeVisible();
      await expect(main.getByText('Last updated: July 7, 2025'), route).toBeVisible();
      await expect(page, route).toHaveTitle(`${heading} · Life Record`);
      if (route === '/eula') {
        await expect(main).toContainText('the laws of the State of [STATE]');
        await expect(main).toContainText('courts located in [CITY], [STATE]');
      }
    }
  });

  test('the FAQ opens from the footer with the first of ten answers open, and works with the keyboard', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/#\/faq$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    const questions = main.locator('button[aria-expanded]');
    await expect(questions).toHaveCount(10);
    await expect(questions.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('region', { name: 'What is Life Record?' })).toBeVisible();
    for (let n = 1; n < 10; n += 1) await expect(questions.nth(n)).toHaveAttribute('aria-expanded', 'false');

    const saving = main.getByRole('button', { name: 'Is my work saved automatically?' });
    await saving.focus();
    await page.keyboard.press('Enter');
    await expect(saving).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('region', { name: 'Is my work saved automatically?' })).toContainText(
      'saved as you type',
    );
    await page.keyboard.press('Space');
    await expect(saving).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('region', { name: 'Is my work saved automatically?' })).toBeHidden();
  });

  test('axe finds nothing moderate or worse on contact, FAQ and every legal page', async ({
    page,
    expectAxeClean,
  }) => {
    for (const route of ['/contact', '/faq', ...legalPages.map(([, r]) => r)]) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expectAxeClean(page, route);
    }
  });
});

test.describe('screenshots', () => {
  const routes = ['/contact', '/faq', ...legalPages.map(([, r]) => r)];
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`every page at ${device} width`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      for (const route of routes) {
        await page.goto(`/#${route}`);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({
          path: testInfo.outputPath(`${device}${route.replace('/', '-')}.png`),
          fullPage: true,
        });
      }
      await page.goto('/#/contact');
      await page.getByRole('main').getByRole('button', { name: 'Let us Help' }).click();
      await page.screenshot({ path: testInfo.outputPath(`${device}-contact-errors.png`), fullPage: true });
    });
  }
});
