import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Faq } from './faq-screen.tsx';

afterEach(cleanup);

function renderFaq() {
  render(
    <MemoryRouter>
      <Faq product="Life Record" />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const questions = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'));

describe('FAQ (admin-app §2)', () => {
  it('has ten questions on the spec topics, in order, each a button inside a level-2 heading', () => {
    renderFaq();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeDefined();
    expect(questions().map((b) => b.textContent)).toEqual([
      'What is Life Record?',
      'Who created my record?',
      'How do I get started?',
      'How do I continue where I left off?',
      'Is my work saved automatically?',
      'Can I change my answers later?',
      'Who can see my answers?',
      'Can I share my record with others?',
      'What kinds of questions will I be asked?',
      'Do I have to finish in one sitting?',
    ]);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    for (const button of questions()) expect(button.closest('h2')).not.toBeNull();
  });

  it('opens the first answer only; each button controls its own labelled panel', () => {
    renderFaq();
    const [first, ...rest] = questions();
    expect(first?.getAttribute('aria-expanded')).toBe('true');
    for (const button of rest) expect(button.getAttribute('aria-expanded')).toBe('false');

    const panel = document.getElementById(first?.getAttribute('aria-controls') ?? '');
    expect(panel?.getAttribute('role')).toBe('region');
    expect(panel?.getAttribute('aria-labelledby')).toBe(first?.id);
    expect(panel?.hidden).toBe(false);
    expect(panel?.textContent).toContain(
      'Life Record is a private, guided way to write down your life story.',
    );
    expect(screen.getByRole('region', { name: 'What is Life Record?' })).toBeDefined();

    const closed = document.getElementById(rest[0]?.getAttribute('aria-controls') ?? '');
    expect(closed?.hasAttribute('hidden')).toBe(true);
  });

  it('opens and closes answers with the mouse and with Enter or Space', async () => {
    const user = renderFaq();
    const saving = screen.getByRole('button', { name: 'Is my work saved automatically?' });
    await user.click(saving);
    expect(saving.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Is my work saved automatically?' }).textContent).toContain(
      'saved as you type',
    );
    await user.click(saving);
    expect(saving.getAttribute('aria-expanded')).toBe('false');

    const sitting = screen.getByRole('button', { name: 'Do I have to finish in one sitting?' });
    sitting.focus();
    await user.keyboard('{Enter}');
    expect(sitting.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(sitting.getAttribute('aria-expanded')).toBe('false');
    // Opening one leaves the others as they were.
    expect(questions()[0]?.getAttribute('aria-expanded')).toBe('true');
  });

  it('tells the truth about who can see a record (DESIGN §6)', async () => {
    const user = renderFaq();
    await user.click(screen.getByRole('button', { name: 'Who can see my answers?' }));
    const answer = screen.getByRole('region', { name: 'Who can see my answers?' });
    expect(answer.textContent).toContain('the staff of the organization that invited you');
    expect(answer.textContent).toContain('our administrators');
  });
});
