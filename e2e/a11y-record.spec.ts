import { expect, test } from '@playwright/test';
import {
  expectReflowAndTextSpacing,
  sidewaysScroll,
  smallTargets,
  tabWithFocusInView,
} from './support/a11y-checks.ts';
import { expectNoAxeFindings } from './support/axe.ts';
import { sectionOptions } from './support/record-form-driver.ts';
import { openRecord, personWithRecord } from './support/record-session.ts';

// Issue 44 §3, §6, §8 on the record screen at 1280 and 390 px: the sections list opens on the
// current section; Complete & Send past a content note never opened; WCAG 2.2 criteria axe cannot
// see (2.4.11 focus not obscured, 2.5.8 target size, 1.4.1 colour, 1.4.10 reflow, 1.4.12 text
// spacing). Screenshots in test-results/a11y-record-*.png.

test('record screen: sections open on the current one, focus stays in view, targets, colour, reflow and text spacing', async ({
  page,
}) => {
  const owner = personWithRecord('a11y-record');
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRecord(page, owner);
  const main = page.getByRole('main');

  // 1.4.1: the progress says how far in words, not only by the bar's colour.
  await expect(main.locator('.record-progress__text')).toHaveText(/^\d+% Completed · \S/);

  // §3: choose the last section; opened again, the list starts on it, and ArrowUp moves up.
  const titles = (await sectionOptions(page)).map((option) =>
    option
      .replace(/^Section \d+: /, '')
      .replace(/ ?✓.*$|Skipped for now$/, '')
      .trim(),
  );
  const last = titles.length;
  await main.getByRole('button', { name: /^Sections/ }).click();
  const search = main.getByRole('searchbox', { name: 'Search steps' });
  await expect(search).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(
    main.getByRole('button', { name: new RegExp(`^Sections \\(${last} of ${last}\\)`) }),
  ).toBeVisible();
  await main.getByRole('button', { name: /^Sections/ }).click();
  await expect(search).toBeFocused();
  const activeText = () =>
    search.evaluate(
      (input) =>
        document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '',
    );
  await expect.poll(activeText).toContain(`Section ${last}:`);
  await page.keyboard.press('ArrowUp');
  await expect.poll(activeText).toContain(`Section ${last - 1}:`);
  await page.screenshot({ path: 'test-results/a11y-record-sections-1280.png' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await main.getByRole('button', { name: 'Previous' }).click();
  await expectNoAxeFindings(page, 'the record screen at 1280 px');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // 2.4.11: Tab through the section; no focused control is hidden under a sticky part.
    // The step's own title (the Reminders panel below the steps has a level-2 heading too).
    await main.getByRole('heading', { level: 2 }).first().focus();
    await tabWithFocusInView(page, 14, `the record at ${width} px`);
    // 2.5.8: every control at least 24 × 24 px.
    expect(await smallTargets(page), `small targets at ${width} px`).toEqual([]);
    expect(await sidewaysScroll(page), `sideways scroll at ${width} px`).toBe(0);
  }
  await page.screenshot({ path: 'test-results/a11y-record-390.png' });

  // 1.4.10: reflow at 320 px; 1.4.12: wider text spacing loses nothing (no sideways scroll, the
  // buttons' words not cut).
  await expectReflowAndTextSpacing(page, 'the record');
  await page.screenshot({ path: 'test-results/a11y-record-320-spacing.png', fullPage: true });
});

test('Complete & Send past a content note never opened says so calmly and sends anyway; the bar never covers a note', async ({
  page,
}) => {
  const owner = personWithRecord('a11y-send');
  await page.setViewportSize({ width: 390, height: 844 });
  await openRecord(page, owner);
  const main = page.getByRole('main');

  // A content note asking at 390 px: the bottom bar sits after it, not over it.
  await main.getByRole('button', { name: /^Sections/ }).click();
  await main.getByRole('searchbox', { name: 'Search steps' }).fill('Separation');
  await page.keyboard.press('Enter');
  const note = main.getByRole('region', { name: 'Before this section' });
  await expect(note).toBeVisible();
  // The screen-reader pass (decision 171): focus is on the section's heading, and reading on, the
  // note comes next as a named region with its text and three choices, nothing of the section yet.
  await expect(main.getByRole('heading', { level: 2, name: 'Family of Origin - Separation' })).toBeFocused();
  await expect(note).toMatchAriaSnapshot(`
    - region "Before this section":
      - heading "Before this section" [level=3]
      - paragraph
      - paragraph: You can continue now, skip this section and come back to it any time, or take a break.
      - button "Continue"
      - button "Skip this section for now"
      - button "Take a break"
  `);
  const nav = main.getByRole('navigation', { name: 'Steps' });
  const noteBox = await note.boundingBox();
  const navBox = await nav.boundingBox();
  expect(navBox && noteBox && navBox.y >= noteBox.y + noteBox.height - 1, 'the bar is below the note').toBe(
    true,
  );
  await page.screenshot({ path: 'test-results/a11y-record-note-390.png' });
  await expectNoAxeFindings(page, 'a content note at 390 px');

  // The last section without ever opening the note's section: Complete & Send asks first.
  await main.getByRole('button', { name: /^Sections/ }).click();
  await main.getByRole('searchbox', { name: 'Search steps' }).press('End');
  await page.keyboard.press('Enter');
  await main.getByRole('button', { name: 'Complete & Send' }).click();
  const ask = main.getByRole('region', { name: 'Before you send' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(
    'You have not opened the section “Family of Origin - Separation” yet. That is fine',
  );
  await expect(ask.getByRole('heading', { name: 'Before you send' })).toBeFocused();
  await expectNoAxeFindings(page, 'Before you send at 390 px');
  await page.screenshot({ path: 'test-results/a11y-record-send-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/a11y-record-send-1280.png' });
  await ask.getByRole('button', { name: 'Not now' }).click();
  await expect(ask).toBeHidden();
  await main.getByRole('button', { name: 'Complete & Send' }).click();
  await ask.getByRole('button', { name: 'Send anyway' }).click();
  // Sent, or refused by the server for what is still required: never blocked by the note.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Form submitted successfully!' })
      .or(page.getByRole('alert').filter({ hasText: /Error submitting form|Failed to submit form/ })),
  ).toBeVisible();
});
