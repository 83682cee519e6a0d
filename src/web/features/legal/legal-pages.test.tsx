import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AiDataPolicy } from './ai-data-policy.tsx';
import { CybersecurityPolicy } from './cybersecurity-policy.tsx';
import { Eula } from './eula.tsx';
import { PrivacyNotice } from './privacy-notice.tsx';
import { TermsOfUse } from './terms-of-use.tsx';

afterEach(cleanup);

const pages: [string, ComponentType<{ product: string }>][] = [
  ['Terms of Use', TermsOfUse],
  ['Privacy Notice', PrivacyNotice],
  ['Cybersecurity Policy', CybersecurityPolicy],
  ['End User License Agreement', Eula],
  ['AI-Generated Data Policy', AiDataPolicy],
];

function renderPage(Page: ComponentType<{ product: string }>) {
  return render(
    <MemoryRouter>
      <Page product="Acme Memories" />
    </MemoryRouter>,
  );
}

describe('legal pages (admin-app §2, §9)', () => {
  it.each(pages)('%s: its title, dated July 7, 2025, naming the configured product', (title, Page) => {
    const { container } = renderPage(Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeDefined();
    const date = container.querySelector('time');
    expect(date?.textContent).toBe('July 7, 2025');
    expect(date?.getAttribute('dateTime')).toBe('2025-07-07');
    expect(container.textContent).toContain('Acme Memories');
    expect(container.textContent).not.toContain('Life Record');
    expect(container.textContent?.toLowerCase()).not.toContain('lorem');
  });

  it.each(pages)('%s: headings descend one level at a time, with real sections', (_title, Page) => {
    const { container } = renderPage(Page);
    const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
    });
    expect(levels.filter((level) => level === 2).length).toBeGreaterThanOrEqual(6);
    expect(container.textContent?.length).toBeGreaterThan(3000);
  });

  it('the EULA leaves the governing state and city as visible placeholders', () => {
    const { container } = renderPage(Eula);
    expect(screen.getByRole('heading', { name: '9. Governing law and venue' })).toBeDefined();
    expect(container.textContent).toContain('the laws of the State of [STATE]');
    expect(container.textContent).toContain('courts located in [CITY], [STATE]');
  });

  it('the AI policy and the privacy notice describe the product: reports by admins, Stripe, sensitive answers', () => {
    const ai = renderPage(AiDataPolicy).container.textContent ?? '';
    expect(ai).toContain('An administrator may generate a written report from the answers of a record.');
    cleanup();
    const privacy = renderPage(PrivacyNotice).container.textContent ?? '';
    expect(privacy).toContain('Stripe');
    expect(privacy).toContain('sensitive');
    expect(privacy).toContain('invitation');
  });
});
