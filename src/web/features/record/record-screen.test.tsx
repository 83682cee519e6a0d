import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleLifeInventory } from '#domain/test-support/sample-life-inventory.ts';
import { App } from '#web/app/app.tsx';
import { createAuthSession } from '#web/lib/auth/auth-session.ts';
import { fakeNetwork, storeSignedInUser, testConfig } from '#web/test-support/fake-identity-provider.ts';
import { SAVE_DEBOUNCE_MS } from './autosave/record-sync.ts';
import { type FakeRecordOptions, fakeRecordApi, SilentWebSocket } from './test-support/fake-record-api.ts';

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('WebSocket', SilentWebSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The whole client at #/record/r1, signed in as `subject-1`, the network answered at fetch. */
function openRecord(options: Partial<FakeRecordOptions> = {}, viewerSub = 'subject-1') {
  history.replaceState(null, '', '/#/record/r1');
  storeSignedInUser({ sub: viewerSub, roles: ['client'] });
  const api = fakeRecordApi({ form: sampleLifeInventory, organizationName: 'Acme Care', ...options });
  const network = fakeNetwork({ provider: false, graphql: api.graphql });
  vi.stubGlobal('fetch', network.fetch);
  const session = createAuthSession(testConfig);
  void session.start();
  render(<App config={testConfig} session={session} />);
  return api;
}

const waitForSaves = () => act(() => new Promise((resolve) => setTimeout(resolve, SAVE_DEBOUNCE_MS + 100)));

describe('Record screen (customer-app §2 Record)', () => {
  it('shows the heading, the first section, the progress and the step buttons', async () => {
    openRecord();
    expect(await screen.findByRole('heading', { level: 1, name: 'Life Inventory' })).toBeDefined();
    expect(within(screen.getByRole('article')).getByText('Ada Lovelace')).toBeDefined();
    expect(screen.getByText('Invited by Acme Care')).toBeDefined();
    // The dates follow the first paint by a frame (issue 15 §2): written in the browser's format.
    expect(await screen.findByText(/^Created at: \S.*\d/)).toBeDefined();
    expect(screen.getByText(/^Updated at: \S.*\d/)).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Name & Date of Birth' })).toBeDefined();
    expect(document.querySelector('.record-progress__text')?.textContent).toBe('0% Completed · Just started');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Complete & Send' })).toBeNull();
    // The hidden age takes no input.
    expect(screen.queryByLabelText(/Age/)).toBeNull();
  });

  it('leaves out "Invited by" when the record has no organization', async () => {
    openRecord({ organizationName: null });
    await screen.findByRole('heading', { level: 1, name: 'Life Inventory' });
    expect(screen.queryByText(/Invited by/)).toBeNull();
  });

  it('saves what is typed with the version it was typed against, and the progress follows', async () => {
    const api = openRecord();
    const name = await screen.findByRole('textbox', { name: /Full name/ });
    expect(name.getAttribute('aria-required')).toBe('true');
    await userEvent.type(name, 'Grace');
    expect(document.querySelector('.record-progress__text')?.textContent).toBe('33% Completed · Under way');
    await waitForSaves();
    expect(api.saves).toEqual([{ id: 'r1', baseVersion: 1, answers: { name: 'Grace', flattened: {} } }]);
  });

  it('shows a conditional question only when its condition holds, and saves the computed age', async () => {
    const api = openRecord({ data: { currentStep: 2 } });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Family of Origin - Separation' }),
    ).toBeDefined();
    expect(screen.queryByRole('spinbutton', { name: /How old were you/ })).toBeNull();
    const separated = screen.getByRole('group', { name: /Did your parents separate/ });
    await userEvent.click(within(separated).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('spinbutton', { name: /How old were you/ })).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.change(screen.getByLabelText(/Date of birth/), { target: { value: '1980-12-10' } });
    await waitForSaves();
    const sent = Object.assign({}, ...api.saves.map((save) => save.answers));
    expect(sent).toMatchObject({ parentsSeparated: 'Yes', dateOfBirth: '1980-12-10', currentStep: 0 });
    expect(typeof sent.age).toBe('number');
  });

  it('saves table cells under their flattened keys and in the flattened map; a cell shows by its row', async () => {
    const api = openRecord({ data: { currentStep: 3 } });
    const row = await screen.findByRole('group', { name: 'Sibling 1' });
    expect(within(row).queryByRole('group', { name: /Relation/ })).toBeNull();
    await userEvent.type(within(row).getByRole('textbox', { name: 'First name' }), 'Bo');
    expect(within(row).getByRole('group', { name: /Relation/ })).toBeDefined();
    expect(
      within(screen.getByRole('group', { name: 'Sibling 2' })).queryByRole('group', { name: /Relation/ }),
    ).toBeNull();
    await waitForSaves();
    expect(api.data()).toMatchObject({
      siblings__0__siblingName: 'Bo',
      flattened: { siblings__0__siblingName: 'Bo' },
    });
  });

  it('saves an emptied checkbox as false', async () => {
    const api = openRecord({ data: { currentStep: 1, otherCaretakers: ['Grandmother'] } });
    const caretakers = await screen.findByRole('group', { name: /Who else raised you/ });
    await userEvent.click(within(caretakers).getByRole('checkbox', { name: 'Grandmother' }));
    await waitForSaves();
    expect(api.data().otherCaretakers).toBe(false);
  });
});

describe('Record sections dropdown (customer-app §2, §4)', () => {
  it('searches the steps, marks complete sections, and closes on a choice', async () => {
    openRecord({ data: { name: 'Ada', dateOfBirth: '1980-12-10' } });
    await userEvent.click(await screen.findByRole('button', { name: /Sections/ }));
    // React Aria's list loads apart from the record screen (issue 10, sections-dropdown.tsx).
    const search = await screen.findByRole('searchbox', { name: 'Search steps' });
    expect(search.getAttribute('placeholder')).toBe('Search steps...');
    await waitFor(() => expect(document.activeElement).toBe(search));
    const list = screen.getByRole('listbox', { name: 'Sections' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Section 1: Name & Date of Birth✓ (complete)',
      'Section 2: Family of Origin - Parents',
      'Section 3: Family of Origin - Separation',
      'Section 4: Family of Origin - Siblings',
    ]);
    await userEvent.type(search, 'separ');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Section 3: Family of Origin - Separation']);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Family of Origin - Separation' })).toBeDefined();
  });

  it('moves with the arrow keys and closes with Escape, back on its button', async () => {
    openRecord();
    const button = await screen.findByRole('button', { name: /Sections/ });
    await userEvent.click(button);
    const search = await screen.findByRole('searchbox', { name: 'Search steps' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    // Issue 44 §3: it opens on the current section (the first), so one ArrowDown is the second.
    await userEvent.keyboard('{ArrowDown}');
    const active = search.getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')?.textContent).toContain('Section 2');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Family of Origin - Parents' })).toBeDefined();
    await userEvent.click(button);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search steps' })),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('Record read-only (customer-app §4)', () => {
  it('shows the answers as text to someone who is not the owner, from the start', async () => {
    openRecord({ data: { name: 'Ada' } }, 'someone-else');
    await screen.findByRole('heading', { level: 1, name: 'Life Inventory' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Ada')).toBeDefined();
    expect(screen.getByText('No response provided')).toBeDefined();
  });

  it('submits with Complete & Send, then shows the record read-only', async () => {
    const api = openRecord({ data: { currentStep: 3, name: 'Ada' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Complete & Send' }));
    expect(await screen.findByText('Form submitted successfully!')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Complete & Send' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getAllByText('No response provided').length).toBeGreaterThan(0);
    // customer-app §5: the unticked checkbox goes as false.
    expect(api.submits[0]?.answers).toMatchObject({ otherCaretakers: false });
  });
});

describe('Record autosave failures (customer-app §4, §8)', () => {
  it('turns autosave off after a refusal, with the warning toast', async () => {
    openRecord({ refuseSaves: { message: 'Only the owner can change it.', code: 'FORBIDDEN' } });
    await userEvent.type(await screen.findByRole('textbox', { name: /Full name/ }), 'G');
    await waitForSaves();
    await waitFor(() =>
      expect(
        screen.getByText('Auto-save failed, but you can still submit the form manually when complete.'),
      ).toBeDefined(),
    );
  });

  it('shows "Error: ..." when the record cannot be loaded', async () => {
    history.replaceState(null, '', '/#/record/r1');
    storeSignedInUser({ roles: ['client'] });
    const network = fakeNetwork({
      provider: false,
      graphql: () => new Response(JSON.stringify({ data: null, errors: [{ message: 'Record not found.' }] })),
    });
    vi.stubGlobal('fetch', network.fetch);
    const session = createAuthSession(testConfig);
    void session.start();
    render(<App config={testConfig} session={session} />);
    expect(await screen.findByText('Error: Record not found.')).toBeDefined();
  });
});
