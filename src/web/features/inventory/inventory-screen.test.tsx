import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PERMISSION_MESSAGE as ACCESS_DENIED_MESSAGE } from '#domain/permissions.ts';
import { App } from '#web/app/app.tsx';
import { createAuthSession } from '#web/lib/auth/auth-session.ts';
import {
  fakeNetwork,
  jsonResponse,
  storeSignedInUser,
  type TestIdentity,
  testConfig,
} from '#web/test-support/fake-identity-provider.ts';

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The app at #/inventory; POST /api/narrative answered by `narrative`, everything else by the fake network. */
function renderInventory(
  signedIn: TestIdentity | null,
  narrative: (body: { formData: string }) => Response = () => jsonResponse({ narrative: 'Your narrative.' }),
  config = testConfig,
) {
  history.replaceState(null, '', '/#/inventory');
  const idToken = signedIn ? storeSignedInUser(signedIn) : null;
  const network = fakeNetwork({ provider: false, graphql: () => jsonResponse({ data: null }) });
  const narrativeCalls: { body: { formData: string }; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) === '/api/narrative') {
      const body = JSON.parse(String(init.body));
      narrativeCalls.push({ body, authorization: new Headers(init.headers).get('authorization') });
      return narrative(body);
    }
    return network.fetch(input, init);
  });
  const alerts: string[] = [];
  vi.stubGlobal('alert', (message: string) => alerts.push(message));
  const session = createAuthSession(config);
  void session.start();
  render(<App config={config} session={session} />);
  return { user: userEvent.setup(), alerts, narrativeCalls, idToken };
}

const stepHeading = () => screen.getByRole('heading', { level: 2 });
const next = () => screen.getByRole('button', { name: 'Next' });

describe('Inventory wizard (customer-app §2, §4, §5)', () => {
  it('refuses a client with the spec’s alert and goes home', async () => {
    const { alerts } = renderInventory({ roles: ['client'] });
    await waitFor(() => expect(alerts).toEqual([ACCESS_DENIED_MESSAGE]));
    expect(ACCESS_DENIED_MESSAGE).toBe('Access denied. You do not have permission to view this page.');
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('walks a customer from step 1 to the narrative, with the conditional questions of §4', async () => {
    const { user, narrativeCalls, idToken } = renderInventory({ roles: ['customer'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeDefined();
    expect(stepHeading().textContent).toBe('Name & Date of Birth');
    expect(screen.queryByRole('button', { name: /^Back/ })).toBeNull();
    await user.type(screen.getByLabelText(/What is your full name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/What is your date of birth/), '12/10/1980');
    await user.click(next());

    expect(stepHeading().textContent).toBe('Physical Characteristics');
    expect(document.activeElement).toBe(stepHeading());
    await user.click(screen.getByRole('radio', { name: 'Woman' }));
    await user.type(screen.getByLabelText(/Height/), '170 cm');
    await user.type(screen.getByLabelText(/Weight/), '61 kg');
    await user.click(next());
    expect(stepHeading().textContent).toBe('Assistive Devices');
    await user.click(screen.getByRole('button', { name: 'Back to Step 2' }));
    expect(stepHeading().textContent).toBe('Physical Characteristics');
    expect((screen.getByLabelText(/Height/) as HTMLInputElement).value).toBe('170 cm');
    await user.click(next());
    await user.click(screen.getByRole('checkbox', { name: 'Glasses' }));
    await user.click(next());

    expect(stepHeading().textContent).toBe('Location');
    for (const label of [/In which city/, /In which state/, /lived the longest/]) {
      await user.type(screen.getByLabelText(label), 'Dayton');
    }
    await user.click(next());
    expect(stepHeading().textContent).toBe('Family of Origin - Siblings');
    for (const input of screen.getAllByRole('textbox')) await user.type(input, '1');
    await user.click(next());

    expect(stepHeading().textContent).toBe('Family of Origin - Parents');
    await user.type(screen.getByLabelText(/years did you live with your father/), '18');
    await user.type(screen.getByLabelText(/years did you live with your mother/), '18');
    expect(screen.queryByLabelText(/Please specify/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.type(screen.getByLabelText(/Please specify/), 'A neighbour');
    await user.click(next());

    expect(stepHeading().textContent).toBe('Family of Origin - Separation');
    expect(screen.queryByLabelText(/How old were you when they separated/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText(/How old were you when they separated/)).toBeDefined();
    expect(screen.getByLabelText(/Whom did you live with/)).toBeDefined();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/How old were you when they separated/)).toBeNull();
    await user.type(screen.getByLabelText(/when you left home/), '18');
    expect(screen.queryByLabelText(/Please describe these experiences/)).toBeNull();
    expect(screen.queryByRole('group', { name: /still bother you/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Neglect' }));
    await user.type(screen.getByLabelText(/Please describe these experiences/), 'Often alone.');
    const bother = screen.getByRole('group', { name: /still bother you/ });
    expect(screen.queryByLabelText(/How do they still bother you/)).toBeNull();
    await user.click(within(bother).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText(/How do they still bother you/), 'At night.');
    await user.click(next());

    expect(stepHeading().textContent).toBe('Review Your Information');
    const summary = JSON.parse(screen.getByRole('region', { name: 'Your answers' }).textContent ?? '');
    expect(summary).toMatchObject({
      name: 'Ada Lovelace',
      parentsSeparated: 'No',
      otherCaretakers: ['Other'],
    });
    expect(summary).not.toHaveProperty('ageAtSeparation');
    const getReport = screen.getByRole('button', { name: 'Get Report' });
    expect(getReport).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/Signature/), 'Ada Lovelace');
    expect(getReport).toHaveProperty('disabled', false);
    await user.click(getReport);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Final Step: Generated Narrative' }),
    ).toBeDefined();
    expect(screen.getByText('Your narrative.')).toBeDefined();
    expect(narrativeCalls).toHaveLength(1);
    expect(narrativeCalls[0]?.authorization).toBe(`Bearer ${idToken}`);
    expect(JSON.parse(narrativeCalls[0]?.body.formData ?? '')).toEqual(summary);
  });

  it('stays on the review step with the spec’s alert when the narrative fails', async () => {
    const { user, alerts } = renderInventory({ roles: ['admin'] }, () =>
      jsonResponse({ error: 'The AI service failed (HTTP 500). Please try again.' }, 502),
    );
    await screen.findByRole('heading', { level: 1, name: 'Inventory' });
    // Only the review step is of interest: answer what each step requires.
    const fillStep = async () => {
      for (const input of screen.queryAllByRole('textbox')) {
        if ((input as HTMLInputElement).required) await user.type(input, '1');
      }
      await user.click(next());
    };
    for (let step = 1; step <= 7; step++) await fillStep();
    await user.type(screen.getByLabelText(/Signature/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Get Report' }));
    await waitFor(() =>
      expect(alerts).toEqual(['An error occurred while generating the narrative. Please try again.']),
    );
    expect(stepHeading().textContent).toBe('Review Your Information');
    expect(screen.getByRole('button', { name: 'Get Report' })).toHaveProperty('disabled', false);
  });

  it('asks for the person’s yes where an outside AI writes the narrative, and sends it (issue 29 §3)', async () => {
    const { user, narrativeCalls } = renderInventory({ roles: ['customer'] }, undefined, {
      ...testConfig,
      outsideAi: true,
    });
    await screen.findByRole('heading', { level: 1, name: 'Inventory' });
    for (let step = 1; step <= 7; step++) {
      for (const input of screen.queryAllByRole('textbox')) {
        if ((input as HTMLInputElement).required) await user.type(input, '1');
      }
      await user.click(next());
    }
    await user.type(screen.getByLabelText(/Signature/), 'Ada');
    const consent = screen.getByRole('checkbox', {
      name: 'Allow an AI service to write the narrative from these answers',
    });
    expect(consent).toHaveProperty('required', true);
    expect(screen.getByRole('link', { name: 'Read the AI policy' }).getAttribute('href')).toBe('#/aipolicy');
    // The browser's form refuses Get Report until it is ticked.
    await user.click(screen.getByRole('button', { name: 'Get Report' }));
    expect(narrativeCalls).toHaveLength(0);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Get Report' }));
    await waitFor(() => expect(narrativeCalls).toHaveLength(1));
    expect(narrativeCalls[0]?.body).toMatchObject({ aiConsent: true });
  });
});
