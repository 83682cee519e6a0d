import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleLifeInventory } from '#domain/test-support/sample-life-inventory.ts';
import { fakeRecordApi, SilentWebSocket } from '#web/features/record/test-support/fake-record-api.ts';
import { jsonResponse } from '#web/test-support/fake-identity-provider.ts';
import { renderApp } from '#web/test-support/render-app.tsx';

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

const records = [
  {
    id: 'r1',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
    submitted: false,
    inventoryType: { name: 'Life Inventory' },
  },
  {
    id: 'r2',
    createdAt: '2026-01-03T00:00:00Z',
    updatedAt: '2026-01-03T00:00:00Z',
    submitted: true,
    inventoryType: { name: '' },
  },
];

function viewerAnswer(list: unknown[]) {
  return () => jsonResponse({ data: { viewer: { id: 'u1', name: 'Ada', records: list } } });
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const main = () => screen.getByRole('main');

describe('Home, logged out (customer-app §2)', () => {
  it('shows the exact texts, both blocks and both actions', async () => {
    renderApp('/');
    expect(await within(main()).findByRole('heading', { name: 'New here?' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Life Record' })).toBeDefined();
    expect(screen.getByText('Your story matters—this is the place to explore it.')).toBeDefined();
    expect(
      screen.getByText(
        "Document your life's journey in detail, step-by-step. Your progress is saved automatically.",
      ),
    ).toBeDefined();
    expect(within(main()).getByRole('heading', { name: 'Returning user?' })).toBeDefined();
    expect(screen.getByText('Welcome back! Use Login to access your record')).toBeDefined();
    expect(within(main()).getByRole('button', { name: 'Create your Account' })).toBeDefined();
    expect(within(main()).getByRole('button', { name: 'Login' })).toBeDefined();
    expect(screen.getByRole('banner').textContent).toContain('Login');
  });

  it('offers only Home, FAQ and Contact Us, with Home marked current', async () => {
    renderApp('/');
    await within(main()).findByRole('heading', { name: 'New here?' });
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'FAQ', 'Contact Us']);
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
    expect(links[1]?.getAttribute('aria-current')).toBeNull();
  });

  it('has the footer links of admin-app §2 and the current year', async () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms', '#/terms'],
      ['Privacy', '#/privacy'],
      ['EULA', '#/eula'],
      ['Cybersecurity', '#/cybersecurity'],
      ['AI-Generated Data Policy', '#/aipolicy'],
      ['FAQ', '#/faq'],
      ['Get Support', '#/contact'],
      ['Accessibility', '#/accessibility'],
    ]);
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Life Record`);
  });
});

describe('Home, logged in (customer-app §2, §6)', () => {
  it('welcomes back and lists the records with the ID token as bearer', async () => {
    const { network, idToken } = renderApp('/', {
      signedIn: { roles: ['admin', 'customer'] },
      graphql: viewerAnswer(records),
    });
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Enter' }).getAttribute('href')).toBe('#/dashboard');
    expect(await screen.findByRole('link', { name: 'Record 1 - Life Inventory' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Record 2' }).getAttribute('href')).toBe('#/record/r2');
    expect(screen.getByText('Please use the link(s) below to complete your Life Record(s):')).toBeDefined();
    const graphqlCall = network.requests.find((request) => request.url === '/graphql');
    expect(graphqlCall?.headers.get('authorization')).toBe(`Bearer ${idToken}`);
    expect(JSON.parse(graphqlCall?.body ?? '{}').query).toContain('query HomeRecords');
  });

  it("shows the admin's links, and name and roles on the account menu button", async () => {
    renderApp('/', { signedIn: { roles: ['admin', 'customer'] }, graphql: viewerAnswer([]) });
    await screen.findByRole('heading', { name: 'Welcome back!' });
    expect(
      within(mainNav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Account', 'Products', 'Admin', 'Forms', 'FAQ', 'Contact Us']);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Ada Lovelace')).toBeDefined();
    expect(within(banner).getByText('Admin, Customer')).toBeDefined();
    expect(within(banner).getByText('AL')).toBeDefined();
    // Issue 44 §1: Logout and Sign out of all devices are items of this menu.
    expect(
      within(banner).getByRole('button', { name: /^Ada Lovelace\s+Admin, Customer\s+account menu$/ }),
    ).toBeDefined();
    expect(within(banner).queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('says when there is no record', async () => {
    renderApp('/', { signedIn: { roles: ['client'] }, graphql: viewerAnswer([]) });
    expect(await screen.findByText('There is no Life Record for this user account.')).toBeDefined();
  });

  it('shows a failure in red as "Error: {message}"', async () => {
    renderApp('/', {
      signedIn: { roles: ['client'] },
      graphql: () => jsonResponse({ errors: [{ message: 'Something broke' }] }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Something broke');
  });

  it('asks to confirm an unverified e-mail address', async () => {
    renderApp('/', { signedIn: { roles: ['user'], emailVerified: false }, graphql: viewerAnswer([]) });
    await screen.findByRole('heading', { name: 'Welcome back!' });
    expect(screen.getByText(/Please confirm your e.mail address/)).toBeDefined();
    expect(screen.getByText(/We sent a verification link to/).textContent).toContain('ada@example.com');
  });

  it('plays the curtain, then opens the record', async () => {
    vi.stubGlobal('WebSocket', SilentWebSocket);
    const record = fakeRecordApi({ form: sampleLifeInventory });
    renderApp('/', {
      signedIn: { roles: ['client'] },
      graphql: (body) =>
        body.query.includes('HomeRecords') ? viewerAnswer(records)() : record.graphql(body),
    });
    (await screen.findByRole('link', { name: 'Record 1 - Life Inventory' })).click();
    await waitFor(() => expect(screen.getByTestId('curtain-overlay')).toBeDefined());
    expect(await screen.findByRole('heading', { level: 1, name: 'Life Inventory' })).toBeDefined();
    expect(window.location.hash).toBe('#/record/r1');
  });

  it('enters the dashboard with the records and role destinations', async () => {
    renderApp('/', { signedIn: { roles: ['customer'] }, graphql: viewerAnswer(records) });
    (await screen.findByRole('link', { name: 'Enter' })).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeDefined();
    expect(await screen.findByRole('link', { name: 'Record 1 - Life Inventory' })).toBeDefined();
    const destinations = within(screen.getByRole('region', { name: 'Where to next' }));
    expect(destinations.getByRole('link', { name: /^Account/ })).toBeDefined();
    expect(destinations.queryByRole('link', { name: /^Admin/ })).toBeNull();
  });
});

describe('routes', () => {
  it.each(['/admin', '/formbuilder', '/formbuilder/abc', '/datasync/abc'])(
    '%s refuses a visitor with "Access denied. Admins only." and goes to the root (admin-app §6)',
    async (route) => {
      renderApp(route);
      expect(await screen.findByText('Access denied. Admins only.')).toBeDefined();
      await waitFor(() => expect(window.location.hash).toBe('#/'));
    },
  );

  it('refuses a signed-in customer at #/admin the same way', async () => {
    renderApp('/admin', { signedIn: { roles: ['customer'] }, graphql: viewerAnswer(records) });
    expect(await screen.findByText('Access denied. Admins only.')).toBeDefined();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('opens the form builder for an admin', async () => {
    renderApp('/formbuilder', { signedIn: { roles: ['admin'] }, graphql: viewerAnswer(records) });
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Form builder' })).toBeDefined();
    expect(within(main()).getByRole('button', { name: 'Save Form' })).toBeDefined();
  });

  it.each([
    ['/terms', 'Terms of Use'],
    ['/privacy', 'Privacy Notice'],
    ['/cybersecurity', 'Cybersecurity Policy'],
    ['/eula', 'End User License Agreement'],
    ['/aipolicy', 'AI-Generated Data Policy'],
    ['/faq', 'Frequently Asked Questions'],
    ['/contact', 'Contact Us'],
  ])('%s shows its page (admin-app §2)', async (route, heading) => {
    renderApp(route);
    expect(await within(main()).findByRole('heading', { level: 1, name: heading })).toBeDefined();
  });

  it('moves from one lazily loaded screen to another (each route keeps its own screen)', async () => {
    renderApp('/faq');
    expect(
      await within(main()).findByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeDefined();
    within(screen.getByRole('banner')).getByRole('link', { name: 'Contact Us' }).click();
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Contact Us' })).toBeDefined();
    within(screen.getByRole('banner')).getByRole('link', { name: 'FAQ' }).click();
    expect(
      await within(main()).findByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeDefined();
  });

  it('answers an unknown route with Page not found', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
  });
});
