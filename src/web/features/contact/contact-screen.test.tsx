import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientConfigProvider } from '#web/lib/client-config-context.tsx';
import { testConfig } from '#web/test-support/fake-identity-provider.ts';
import { ContactScreen } from './contact-screen.tsx';
import { TREE_ROW_DESCRIPTION } from './tree-question.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The screen with the network answered at `fetch`: each call is recorded, each answer given by `reply`. */
function renderContact(
  reply: () => Response | Promise<Response> = () => jsonResponse(201, { status: 'received' }),
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return reply();
  });
  render(
    <ClientConfigProvider config={testConfig}>
      <QueryClientProvider client={new QueryClient()}>
        <ContactScreen />
      </QueryClientProvider>
    </ClientConfigProvider>,
  );
  return { calls, user: userEvent.setup() };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const field = (name: string) => screen.getByRole('textbox', { name });
const sendButton = () => screen.getByRole('button', { name: 'Let us Help' });

async function fillValid(user: ReturnType<typeof userEvent.setup>, trees = '6') {
  await user.type(field('Name'), 'Ada Lovelace');
  await user.type(field('E-mail'), 'ada@example.com');
  await user.type(field('Message'), 'I cannot find my record.');
  await user.type(field('How many trees are in the row above?'), trees);
}

describe('Contact page (admin-app §2, §4, §5, §8)', () => {
  it('shows the heading, the intro, the fields and the button', () => {
    renderContact();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeDefined();
    expect(field('Name')).toBeDefined();
    expect(field('E-mail')).toHaveProperty('type', 'email');
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(sendButton()).toBeDefined();
  });

  it('names every picture of the tree row for screen readers, and ties the row to the answer field', () => {
    renderContact();
    const row = screen.getByRole('img', { name: TREE_ROW_DESCRIPTION });
    expect(TREE_ROW_DESCRIPTION.match(/tree/g)).toHaveLength(6);
    const answer = field('How many trees are in the row above?');
    expect(answer.getAttribute('aria-describedby')).toBe(row.id);
  });

  it('requires name, e-mail and message: errors beside the fields, focus on the first, nothing sent', async () => {
    const { calls, user } = renderContact();
    await user.click(sendButton());
    expect(calls).toHaveLength(0);
    expect(document.activeElement).toBe(field('Name'));
    for (const [label, error] of [
      ['Name', 'Please enter your name.'],
      ['E-mail', 'Please enter your e-mail address.'],
      ['Message', 'Please enter your message.'],
      ['How many trees are in the row above?', 'Please answer the math question correctly'],
    ] as const) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
      const messages = describedBy.map((id) => document.getElementById(id)?.textContent);
      expect(messages).toContain(error);
    }
    await user.type(field('Name'), 'A');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a malformed e-mail address with the shared schema message', async () => {
    const { calls, user } = renderContact();
    await fillValid(user);
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'ada@');
    await user.click(sendButton());
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeDefined();
    expect(document.activeElement).toBe(field('E-mail'));
    expect(calls).toHaveLength(0);
  });

  it('a wrong tree count shows the hint and sends nothing', async () => {
    const { calls, user } = renderContact();
    await fillValid(user, '11');
    await user.click(sendButton());
    expect(
      screen.getByText('Please count the trees correctly (hint: ignore the non-tree emojis!)'),
    ).toBeDefined();
    expect(document.activeElement).toBe(field('How many trees are in the row above?'));
    expect(calls).toHaveLength(0);
  });

  it('an answer that is not a number shows the pattern message', async () => {
    const { calls, user } = renderContact();
    await fillValid(user, 'six');
    await user.click(sendButton());
    expect(screen.getByText('Please answer the math question correctly')).toBeDefined();
    expect(calls).toHaveLength(0);
  });

  it('a filled honeypot silently stops: nothing sent, no error, the form stays', async () => {
    const { calls, user } = renderContact();
    await fillValid(user);
    const trap = document.getElementById('contact-website') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(trap, 'https://spam.example');
    await user.click(sendButton());
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Thank you for your message!')).toBeNull();
    expect(sendButton()).toBeDefined();
  });

  it('sends the message and replaces the form with the thanks, which gets focus', async () => {
    const { calls, user } = renderContact();
    await fillValid(user);
    await user.click(sendButton());
    const thanks = await screen.findByRole('heading', { name: 'Thank you for your message!' });
    expect(screen.getByText("We've received your message and will get back to you soon.")).toBeDefined();
    expect(document.activeElement).toBe(thanks);
    expect(screen.queryByRole('button', { name: 'Let us Help' })).toBeNull();

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/support');
    expect(calls[0]?.init?.method).toBe('POST');
    const body = JSON.parse(String(calls[0]?.init?.body));
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'I cannot find my record.',
      type: 'contact_form',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBeNull();
  });

  it('shows Sending... while the message is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const { user } = renderContact(() => new Promise<Response>((resolve) => (answer = resolve)));
    await fillValid(user);
    await user.click(sendButton());
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    answer(jsonResponse(201, { status: 'received' }));
    await screen.findByText('Thank you for your message!');
  });

  it('on a failure shows the spec error line and keeps the form and what was typed', async () => {
    const { user } = renderContact(() => jsonResponse(500, { error: 'Something went wrong on our side.' }));
    await fillValid(user);
    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('There was an error sending your message. Please try again.');
    expect(field('Message')).toHaveProperty('value', 'I cannot find my record.');
    expect(sendButton()).toBeDefined();
  });

  it('shows the spec error line when the server cannot be reached', async () => {
    const { user } = renderContact(() => Promise.reject(new TypeError('Failed to fetch')));
    await fillValid(user);
    await user.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There was an error sending your message. Please try again.',
    );
  });

  it('when rate-limited shows the server reason instead, since trying again at once would not help', async () => {
    const reason =
      'You have already sent 3 messages from this e-mail address in the last hour. Please try again in 42 minutes.';
    const { user } = renderContact(() => jsonResponse(429, { error: reason }));
    await fillValid(user);
    await user.click(sendButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(reason));
  });
});
