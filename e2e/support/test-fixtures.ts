// Issue 40 §4: what the browser tests had copied into each spec, as Playwright fixtures. A spec
// imports `test` and `expect` from here instead of '@playwright/test' and asks for what it needs:
// `screenshots` and `expectAxeClean` (bound to the running test), `recordOwner` (a person with a
// fresh record, signed in on `page` with it open) and `admin` (a fresh admin signed in on `page`).
import path from 'node:path';
import { test as base, type Locator, type Page, type TestInfo } from '@playwright/test';
import { type AxeScope, expectNoAxeFindings } from './axe.ts';
import { createUser } from './cli.ts';
import { login, uniqueEmail } from './fixtures.ts';
import { openRecord, PASSWORD, personWithRecord, type RecordOwner } from './record-session.ts';

export { expect } from '@playwright/test';

export interface ScreenshotOptions {
  /** The widths to shoot at, each at its own height (390 px: a phone's 844, else 900). */
  widths?: readonly number[];
  /** The whole page (the default), or only what is in the viewport. */
  fullPage?: boolean;
  /** Only this part of the page. */
  of?: Locator;
}

export interface SignedInAdmin {
  email: string;
  name: string;
}

interface Fixtures {
  /** The spec's default scope for `expectAxeClean` (`test.use({ axeScope: { minorToo: true } })`). */
  axeScope: AxeScope;
  /** Axe on a page with the spec's scope unless given one (issue 44 §8, e2e/support/axe.ts). */
  expectAxeClean: (page: Page, label: string, scope?: string | AxeScope) => Promise<void>;
  /** Screenshots for a person to review, `<name>-<width>.png` in the test's output folder. */
  screenshots: (page: Page, name: string, options?: ScreenshotOptions) => Promise<void>;
  /** A client with a fresh Life Inventory record, signed in on `page` with the record open. */
  recordOwner: RecordOwner;
  /** The name `admin` is created with (some specs read it on screen). */
  adminName: string;
  /** A fresh admin, signed in on `page` (on the Home screen). */
  admin: SignedInAdmin;
}

/**
 * How long the sign-in fixtures may take, apart from the test's own timeout: a test that raises its
 * timeout with `test.setTimeout` does so only once its fixtures are set up.
 */
const SIGN_IN_TIMEOUT_MS = 120_000;

/** The spec's file name without `.spec.ts`: a readable prefix for the people a fixture makes. */
function specName(testInfo: TestInfo): string {
  return path.basename(testInfo.file).replace(/\.spec\.ts$/, '');
}

async function takeScreenshots(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { widths = [1280, 390], fullPage = true, of }: ScreenshotOptions = {},
): Promise<void> {
  const before = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const file = testInfo.outputPath(`${name}-${width}.png`);
    if (of) await of.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage });
  }
  if (before) await page.setViewportSize(before);
}

export const test = base.extend<Fixtures>({
  axeScope: [{}, { option: true }],
  expectAxeClean: async ({ axeScope }, use) => {
    await use((page, label, scope) => expectNoAxeFindings(page, label, scope ?? axeScope));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  screenshots: async ({}, use, testInfo) => {
    await use((page, name, options) => takeScreenshots(page, testInfo, name, options));
  },
  // Its own time budget, as when these steps opened the test after its `test.setTimeout`.
  recordOwner: [
    async ({ page }, use, testInfo) => {
      const owner = personWithRecord(specName(testInfo));
      await openRecord(page, owner);
      await use(owner);
    },
    { timeout: SIGN_IN_TIMEOUT_MS },
  ],
  adminName: ['Ada Admin', { option: true }],
  admin: [
    async ({ page, adminName }, use, testInfo) => {
      const email = uniqueEmail(`${specName(testInfo)}-admin`);
      createUser({ email, name: adminName, password: PASSWORD, role: 'admin' });
      await login(page, { email, password: PASSWORD });
      await use({ email, name: adminName });
    },
    { timeout: SIGN_IN_TIMEOUT_MS },
  ],
});
