// Issue 44 §8: WCAG 2.2 criteria axe cannot see, measured in the page the way a person meets
// them: focus under a sticky part (2.4.11), small targets (2.5.8), sideways scrolling (1.4.10) and
// text cut under wider text spacing (1.4.12). Used by the a11y-*.spec.ts files.
import { expect, type Locator, type Page } from '@playwright/test';

/** The parts that stay put while the page scrolls and could cover the focused control. */
const STICKY_PARTS = '.site-header, .record-steps__bar, .record-nav';

/** The focused element is not hidden under the sticky header or the sticky bottom bar (WCAG 2.4.11). */
export async function focusNotObscured(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return [];
    const rect = el.getBoundingClientRect();
    const hidden: string[] = [];
    for (const cover of document.querySelectorAll<HTMLElement>(selector)) {
      const position = getComputedStyle(cover).position;
      if (cover.contains(el) || (position !== 'sticky' && position !== 'fixed')) continue;
      const c = cover.getBoundingClientRect();
      const overlap =
        Math.max(0, Math.min(rect.bottom, c.bottom) - Math.max(rect.top, c.top)) *
        Math.max(0, Math.min(rect.right, c.right) - Math.max(rect.left, c.left));
      // Covered whole, and the cover is what is drawn on top (the skip link sits above the header).
      const onTop = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (overlap >= rect.width * rect.height - 1 && rect.height > 0 && onTop && cover.contains(onTop))
        hidden.push(
          `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30)} under ${cover.className}`,
        );
    }
    return hidden;
  }, STICKY_PARTS);
}

/**
 * Presses Tab (or Shift+Tab, going back up, where a sticky header covers what scrolls in at the
 * top) `times` from where focus is, and after each press expects the focused control in sight,
 * not under a sticky part (WCAG 2.4.11). Returns how many distinct controls were reached.
 */
export async function tabWithFocusInView(
  page: Page,
  times: number,
  label: string,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<number> {
  const reached = new Set<string>();
  for (let tab = 0; tab < times; tab += 1) {
    await page.keyboard.press(key);
    expect(await focusNotObscured(page), `${label}: ${key} ${tab + 1}`).toEqual([]);
    reached.add(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40)}` : '';
      }),
    );
  }
  return reached.size;
}

/** Controls smaller than 24 × 24 px that are not inline links in text (WCAG 2.5.8's exception). */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, a[href], input, select, [role="option"], [role="menuitem"], [role="tab"], [role="switch"]',
      ),
    ]
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') return false;
        if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) && el.closest('label'))
          return false;
        // Visually hidden for screen readers only: a Switch's input (its label is the target), a
        // popover's Dismiss button.
        const clipped = (node: HTMLElement | null): boolean =>
          node !== null && (getComputedStyle(node).clipPath === 'inset(50%)' || clipped(node.parentElement));
        if (rect.width <= 1 || rect.height <= 1 || clipped(el)) return false;
        return rect.width < 24 || rect.height < 24;
      })
      .map(
        (el) =>
          `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
      ),
  );
}

/**
 * WCAG 2.4.11 and 2.5.8 on the screen as it stands, at each width (1280 and 390 px unless told):
 * Tab down from `start` and Shift+Tab back up with the focus never under a sticky part, and no
 * control under 24 × 24 px. The viewport is left at the last width.
 */
export async function expectFocusInViewAndTargets(
  page: Page,
  label: string,
  start: Locator,
  { widths = [1280, 390], tabs = 20 }: { widths?: number[]; tabs?: number } = {},
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const at = `${label} at ${width} px`;
    await start.focus();
    await tabWithFocusInView(page, tabs, at);
    await tabWithFocusInView(page, tabs, at, 'Shift+Tab');
    expect(await smallTargets(page), `small targets on ${at}`).toEqual([]);
  }
}

/** How far the page scrolls sideways (0 when it reflows, WCAG 1.4.10). */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** WCAG 1.4.12's bookmarklet values. */
export const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/**
 * WCAG 1.4.10 and 1.4.12 at 320 px: the page does not scroll sideways, with the text spacing
 * override on top, and no button, heading or label has its words cut. Leaves the override on.
 */
export async function expectReflowAndTextSpacing(page: Page, label: string): Promise<void> {
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await sidewaysScroll(page), `${label}: sideways scroll at 320 px`).toBe(0);
  await page.addStyleTag({ content: TEXT_SPACING });
  expect(await sidewaysScroll(page), `${label}: sideways scroll with text spacing at 320 px`).toBe(0);
  const cut = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'main button, .site-header button, main h1, main h2, main label, main [role="tab"]',
      ),
    ]
      .filter(
        (el) =>
          el.offsetWidth > 0 &&
          (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1),
      )
      .map((el) => el.textContent?.trim().slice(0, 30)),
  );
  expect(cut, `${label}: text cut with text spacing at 320 px`).toEqual([]);
}
