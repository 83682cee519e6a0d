import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REMINDER_MESSAGES } from '#domain/reminders.ts';
import { jsonResponse } from '#web/test-support/fake-identity-provider.ts';
import { renderApp } from '#web/test-support/render-app.tsx';

// customer-app §2 Account, §4 Invite, §5 Invite form, §8 invite and resend messages.

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIFE = { id: 'type-life', name: 'Life Inventory' };
const FAMILY = { id: 'type-family', name: 'Family Stories' };

function organization(
  credits: { count: number; inventoryType: typeof LIFE }[] = [{ count: 2, inventoryType: LIFE }],
) {
  return {
    id: 'org-1',
    name: 'Riverside Care',
    phone: '(555) 010-0100',
    website: 'riverside.example.org',
    availableCredits: credits,
  };
}

const tableRecords = [
  {
    id: 'r-assigned',
    createdAt: '2026-03-09T12:00:00.000Z',
    updatedAt: 'garbage',
    submitted: true,
    clientId: 'u-ada',
    user: { name: 'Ada Lovelace' },
    inventoryType: LIFE,
  },
  {
    id: 'r-nameless',
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-11T12:00:00.000Z',
    submitted: false,
    clientId: 'u-x',
    user: null,
    inventoryType: LIFE,
  },
  // A credit: no client, never in the table.
  {
    id: 'r-credit',
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    submitted: false,
    clientId: null,
    user: null,
    inventoryType: LIFE,
  },
];

/** Answers the two Account queries; `org` may change between calls (after an invite). */
function accountGraphql(state: { org: ReturnType<typeof organization> | null; records?: unknown[] }) {
  return (body: { query: string }) =>
    body.query.includes('query AccountOrganization')
      ? jsonResponse({ data: { viewer: { id: 'me', organization: state.org } } })
      : jsonResponse({ data: { organizationRecords: state.records ?? tableRecords } });
}

const customer = { roles: ['customer'] };
const main = () => screen.getByRole('main');

describe('who sees Account', () => {
  it('sends a signed-in client to the root', async () => {
    renderApp('/account', {
      signedIn: { roles: ['client'] },
      graphql: accountGraphql({ org: organization() }),
    });
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('says so when the person is in no organization, pointing to Contact', async () => {
    renderApp('/account', { signedIn: { roles: ['admin'] }, graphql: accountGraphql({ org: null }) });
    const text = await screen.findByText(/If your organization does not load within a few seconds/);
    expect(within(text).getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('#/contact');
  });
});

describe('the organization', () => {
  it('shows name, available records per type above 0, phone, website and Buy Records', async () => {
    renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql({
        org: organization([
          { count: 2, inventoryType: LIFE },
          { count: 0, inventoryType: FAMILY },
        ]),
      }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Riverside Care' })).toBeDefined();
    expect(screen.getByText('Life Inventory: 2')).toBeDefined();
    expect(screen.queryByText(/Family Stories: 0/)).toBeNull();
    expect(screen.getByText('(555) 010-0100')).toBeDefined();
    const website = screen.getByRole('link', { name: /riverside\.example\.org/ });
    expect(website.getAttribute('href')).toBe('https://riverside.example.org/');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Buy Records' }).getAttribute('href')).toBe('#/products');
  });
});

describe('Record Invite form', () => {
  it('lists only types with records, preselecting the single one, with an e-mail input', async () => {
    renderApp('/account', { signedIn: customer, graphql: accountGraphql({ org: organization() }) });
    const select = (await screen.findByRole('combobox', { name: 'Inventory type' })) as HTMLSelectElement;
    expect(select.value).toBe('type-life');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Select an inventory type',
      'Life Inventory (2 available)',
    ]);
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');
  });

  it('does not preselect when several types have records', async () => {
    renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql({
        org: organization([
          { count: 1, inventoryType: FAMILY },
          { count: 2, inventoryType: LIFE },
        ]),
      }),
    });
    const select = (await screen.findByRole('combobox', { name: 'Inventory type' })) as HTMLSelectElement;
    expect(select.value).toBe('');
  });

  it('asks for name, email and type without calling the server', async () => {
    const { network } = renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql({ org: organization() }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Name, email, and inventory type are required.')).toBeDefined();
    expect(network.requests.filter((request) => request.url.includes('/api/invite'))).toEqual([]);
  });

  it('sends the invite, says so, clears the form and reloads the organization', async () => {
    const state = { org: organization() as ReturnType<typeof organization> | null };
    const invites: unknown[] = [];
    const { network } = renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql(state),
      api: ({ path, body }) => {
        if (path !== '/api/invite') return jsonResponse({ error: 'unexpected' }, 500);
        invites.push(body);
        state.org = organization([{ count: 1, inventoryType: LIFE }]);
        return jsonResponse({ status: 'sent', reportId: 'r-new' });
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Grace Hopper');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));

    expect(await screen.findByText('Invite sent successfully!')).toBeDefined();
    expect(invites).toEqual([
      { name: 'Grace Hopper', email: 'grace@example.com', organization: 'org-1', inventoryType: 'type-life' },
    ]);
    const inviteCall = network.requests.find((request) => request.url.endsWith('/api/invite'));
    expect(inviteCall?.headers.get('authorization')).toMatch(/^Bearer /);
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('Life Inventory: 1')).toBeDefined();
  });

  it.each([
    [
      'the server’s message',
      () => jsonResponse({ error: 'There are no available records of this inventory type left.' }, 409),
      'There are no available records of this inventory type left.',
    ],
    [
      'the fallback when the server cannot be reached',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Failed to send invite.',
    ],
  ])('shows %s when the invite fails, keeping what was typed', async (_case, answer, message) => {
    renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql({ org: organization() }),
      api: answer,
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Grace Hopper');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText(message)).toBeDefined();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Grace Hopper');
  });

  it('sends people to Products when no records are left', async () => {
    renderApp('/account', { signedIn: customer, graphql: accountGraphql({ org: organization([]) }) });
    const text = await screen.findByText(/You have no available records\. Please visit our/);
    expect(text.textContent).toBe(
      'You have no available records. Please visit our Products page to make a purchase.',
    );
    expect(within(text).getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('#/products');
    expect(screen.queryByRole('button', { name: 'Send Invite' })).toBeNull();
  });
});

describe('Organization Records table', () => {
  it('lists only records with a client, with local dates, N/A, Yes/No and the actions', async () => {
    renderApp('/account', { signedIn: customer, graphql: accountGraphql({ org: organization() }) });
    const table = await within(main()).findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Type',
      'User',
      'Created At',
      'Updated At',
      'Submitted',
      'Progress',
      'Last activity',
      'Reminders',
      'Actions',
    ]);
    expect(rows).toHaveLength(3);
    const first = within(rows[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(first.slice(0, 5)).toEqual([
      'Life Inventory',
      'Ada Lovelace',
      new Date('2026-03-09T12:00:00.000Z').toLocaleDateString(),
      'N/A',
      'Yes',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Yes').className).toContain('submitted--yes');
    const second = within(rows[2] as HTMLElement);
    expect(second.getAllByRole('cell')[1]?.textContent).toBe('N/A');
    expect(second.getByText('No').className).toContain('submitted--no');
    expect(second.getByRole('link', { name: /^View/ }).getAttribute('href')).toBe('#/record/r-nameless');
  });

  it('says when there are none', async () => {
    renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql({ org: organization(), records: [tableRecords[2]] }),
    });
    expect(await screen.findByText('No records found for this organization.')).toBeDefined();
  });

  it.each([
    [
      'success',
      () => jsonResponse({ status: 'sent', reportId: 'r-assigned' }),
      'Invite re-sent successfully!',
    ],
    [
      'a refusal',
      () => jsonResponse({ error: 'Record not found.' }, 404),
      'Error re-sending invite: Record not found.',
    ],
    [
      'a failure without message',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Failed to resend invite.',
    ],
  ])('shows the resend %s as a toast', async (_case, answer, toast) => {
    const resent: unknown[] = [];
    renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql({ org: organization() }),
      api: (request) => {
        // Issue 43: the records' activity and one's own reminders are read beside the table.
        if (request.method === 'GET') return jsonResponse({ error: 'Not here.' }, 404);
        resent.push(request.body);
        return answer();
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Re-Send Invite to Ada Lovelace' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(region.textContent).toBe(toast));
    expect(resent).toEqual([{ reportId: 'r-assigned' }]);
  });
});

describe('Account: progress and reminders of invited records (issue 43 §5)', () => {
  it('shows each record’s progress, last activity and whether reminders are on, and the suggestion', async () => {
    renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql({ org: organization() }),
      api: (request) =>
        request.path === '/api/organizations/org-1/record-activity'
          ? jsonResponse({
              suggestReminders: false,
              records: [
                {
                  recordId: 'r-assigned',
                  name: null,
                  percent: 40,
                  lastActivity: '2026-03-12T12:00:00.000Z',
                  submitted: true,
                  remindersOn: true,
                },
              ],
            })
          : request.path === '/api/reminders'
            ? jsonResponse([])
            : jsonResponse({ error: 'Not here.' }, 404),
    });
    const table = await within(main()).findByRole('table');
    await waitFor(() => expect(within(table).getByText('40%')).toBeDefined());
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(5, 8)).toEqual([
      '40%',
      new Date('2026-03-12T12:00:00.000Z').toLocaleDateString(),
      'On',
    ]);
    expect(
      screen.getByRole('checkbox', { name: 'Suggest weekly reminders to the people we invite' }),
    ).toBeDefined();
  });
});

describe('Account: one’s own Reminders (issue 43 §1)', () => {
  const own = {
    recordId: 'r-own',
    typeName: 'Life Inventory',
    submitted: false,
    saved: false,
    suggested: false,
    nextSendAt: null,
    snoozedUntil: null,
    setting: { frequency: 'off', day: 0, time: '18:00', timeZone: 'UTC', oneQuestion: false },
  };

  it('refuses a bad time with its message, saves a good setting and snoozes it', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    const saved = {
      ...own,
      saved: true,
      nextSendAt: '2026-03-15T17:00:00.000Z',
      setting: { frequency: 'weekly', day: 1, time: '09:30', timeZone: 'Europe/Berlin', oneQuestion: true },
    };
    renderApp('/account', {
      signedIn: customer,
      graphql: accountGraphql({ org: organization() }),
      api: (request) => {
        if (request.path === '/api/reminders') return jsonResponse([own]);
        if (request.path === '/api/records/r-own/reminders' && request.method === 'GET')
          return jsonResponse(own);
        if (request.path.startsWith('/api/records/r-own/reminders')) {
          sent.push(request);
          return jsonResponse(
            request.path.endsWith('/snooze') ? { ...saved, snoozedUntil: '2026-03-20T10:00:00.000Z' } : saved,
          );
        }
        return jsonResponse({ error: 'Not here.' }, 404);
      },
    });
    const user = userEvent.setup();
    const reminders = await screen.findByRole('region', { name: 'Reminders' });
    const form = within(reminders);
    expect((form.getByRole('button', { name: 'Snooze for a week' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.selectOptions(form.getByLabelText('How often'), 'weekly');
    await user.selectOptions(form.getByLabelText('Day'), 'Monday');
    await user.selectOptions(form.getByLabelText('Time zone'), 'Europe/Berlin');
    await user.clear(form.getByLabelText('Time'));
    await user.click(form.getByRole('button', { name: 'Save reminders' }));
    expect((await form.findByRole('alert')).textContent).toBe(`Error: ${REMINDER_MESSAGES.time}`);
    expect(sent).toEqual([]);

    await user.type(form.getByLabelText('Time'), '09:30');
    await user.click(form.getByLabelText('One question by e-mail'));
    await user.click(form.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: saved.setting });
    await waitFor(() => expect(form.getByRole('status').textContent).toContain('Your reminders are saved.'));

    await user.click(form.getByRole('button', { name: 'Snooze for a week' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'POST', path: '/api/records/r-own/reminders/snooze' });
    await waitFor(() => expect(form.getByRole('status').textContent).toContain('Snoozed'));
  });
});
