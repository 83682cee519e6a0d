import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MODELS } from '#domain/report-models.ts';
import { sampleLifeInventory } from '#domain/test-support/sample-life-inventory.ts';
import { App } from '#web/app/app.tsx';
import { createAuthSession } from '#web/lib/auth/auth-session.ts';
import {
  fakeNetwork,
  jsonResponse,
  storeSignedInUser,
  testConfig,
} from '#web/test-support/fake-identity-provider.ts';
import { fakeRecordApi, SilentWebSocket } from '../test-support/fake-record-api.ts';

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

interface Generation {
  id: string;
  dateGenerated: string;
  response: string;
  model: string | null;
}

/**
 * The record screen at #/record/r1 with the admin area's network: its GraphQL operations answered
 * from `generations`, POST /api/reports by `generate`, the record's own operations by fakeRecordApi.
 */
function openAsAdmin(
  options: {
    roles?: string[];
    generations?: Generation[];
    typeModel?: string | null;
    generate?: (body: { reportId: string; model: string }) => Response;
    update?: (variables: { id: string; response: string }) => Response;
  } = {},
) {
  history.replaceState(null, '', '/#/record/r1');
  storeSignedInUser({ sub: 'admin-sub', roles: options.roles ?? ['admin'] });
  let generations = [...(options.generations ?? [])];
  const record = fakeRecordApi({ form: sampleLifeInventory, data: { name: 'Ada' } });
  const calls = { generate: [] as unknown[], update: [] as unknown[], generationQueries: 0 };
  const graphql = (body: { query: string; variables: unknown }) => {
    if (body.query.includes('query RecordReportGenerations')) {
      calls.generationQueries++;
      return jsonResponse({
        data: {
          record: {
            id: 'r1',
            inventoryType: {
              id: 't1',
              model: options.typeModel === undefined ? 'gpt-4o' : options.typeModel,
            },
            reportGenerations: generations,
          },
        },
      });
    }
    if (body.query.includes('mutation UpdateReportGeneration')) {
      const variables = body.variables as { id: string; response: string };
      calls.update.push(variables);
      if (options.update) return options.update(variables);
      generations = generations.map((g) =>
        g.id === variables.id ? { ...g, response: variables.response } : g,
      );
      return jsonResponse({
        data: { updateReportGeneration: generations.find((g) => g.id === variables.id) },
      });
    }
    return record.graphql(body);
  };
  const network = fakeNetwork({ provider: false, graphql });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) === '/api/reports') {
      const body = JSON.parse(String(init.body));
      calls.generate.push(body);
      const response = options.generate?.(body);
      if (response) return response;
      const generation = {
        id: `g${generations.length + 1}`,
        dateGenerated: '2026-02-03T10:00:00.000Z',
        response: '**Offline draft — no AI model was used**\nNew text',
        model: 'offline',
      };
      generations = [generation, ...generations];
      return jsonResponse({ report: generation.response, generation });
    }
    return network.fetch(input, init);
  });
  const session = createAuthSession(testConfig);
  void session.start();
  render(<App config={testConfig} session={session} />);
  return { calls, user: userEvent.setup() };
}

const area = () => screen.getByRole('region', { name: /Reports/ });
const older: Generation = {
  id: 'g1',
  dateGenerated: '2026-01-05T09:30:00.000Z',
  response: '**Summary**\nFirst report <script>x</script>',
  model: 'gpt-4o',
};

describe('Record screen, admin-only area (customer-app §2 Record, §8 Reports)', () => {
  it('is not there for a client', async () => {
    openAsAdmin({ roles: ['client'] });
    await screen.findByRole('heading', { level: 1, name: 'Life Inventory' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: /Reports/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate New Report' })).toBeNull();
  });

  it('offers the eight models with the type’s model chosen, and says when nothing was generated', async () => {
    openAsAdmin({ typeModel: 'gpt-4-turbo' });
    expect(
      await within(await screen.findByRole('region', { name: /Reports/ })).findByText(
        'No reports have been generated yet.',
      ),
    ).toBeDefined();
    const models = within(area()).getByRole('combobox', { name: 'AI model' }) as HTMLSelectElement;
    expect([...models.options].map((option) => option.value)).toEqual([...REPORT_MODELS]);
    expect(models.value).toBe('gpt-4-turbo');
    const select = within(area()).getByRole('combobox', { name: 'Report generations' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['N/A']);
  });

  it('generates with the chosen model, selects the new report and says so', async () => {
    const { calls, user } = openAsAdmin({ generations: [older] });
    await within(await screen.findByRole('region', { name: /Reports/ })).findByText(/First report/);
    expect(within(area()).getByText('First report <script>x</script>')).toBeDefined();
    expect(within(area()).getByRole('heading', { name: 'Summary' })).toBeDefined();
    await user.selectOptions(within(area()).getByRole('combobox', { name: 'AI model' }), 'gpt-3.5-turbo');
    await user.click(within(area()).getByRole('button', { name: 'Generate New Report' }));
    expect(await screen.findByText('New report generated successfully!')).toBeDefined();
    expect(calls.generate).toEqual([{ reportId: 'r1', model: 'gpt-3.5-turbo' }]);
    const select = within(area()).getByRole('combobox', { name: 'Report generations' }) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('g2'));
    expect([...select.options].map((option) => option.text)).toEqual([
      'Select a report',
      `${new Date('2026-02-03T10:00:00.000Z').toLocaleString()} - offline`,
      `${new Date('2026-01-05T09:30:00.000Z').toLocaleString()} - gpt-4o`,
    ]);
    expect(within(area()).getByText('New text')).toBeDefined();
    await user.selectOptions(select, '');
    expect(within(area()).getByText('No report generation selected.')).toBeDefined();
  });

  it.each<[string, Response, string]>([
    [
      'the server’s error',
      jsonResponse({ error: 'The AI service failed (HTTP 500). Please try again.' }, 502),
      'Error generating new report: The AI service failed (HTTP 500). Please try again.',
    ],
    [
      'no error text',
      new Response('oops', { status: 500 }),
      'Error generating new report: Failed to generate a new report.',
    ],
  ])('shows a failed generation with %s', async (_case, response, message) => {
    const { user } = openAsAdmin({ generate: () => response });
    await within(await screen.findByRole('region', { name: /Reports/ })).findByText(
      'No reports have been generated yet.',
    );
    await user.click(within(area()).getByRole('button', { name: 'Generate New Report' }));
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
  });

  it('edits, cancels and saves the selected generation', async () => {
    const { calls, user } = openAsAdmin({ generations: [older] });
    await within(await screen.findByRole('region', { name: /Reports/ })).findByText(/First report/);
    await user.click(within(area()).getByRole('button', { name: 'Edit' }));
    const editor = within(area()).getByRole('textbox', { name: 'Report text' });
    await user.type(editor, ' and more');
    await user.click(within(area()).getByRole('button', { name: 'Cancel' }));
    expect(within(area()).queryByText(/and more/)).toBeNull();
    expect(calls.update).toEqual([]);

    await user.click(within(area()).getByRole('button', { name: 'Edit' }));
    await user.clear(within(area()).getByRole('textbox', { name: 'Report text' }));
    await user.type(within(area()).getByRole('textbox', { name: 'Report text' }), 'Edited text');
    await user.click(within(area()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Report updated successfully!')).toBeDefined();
    expect(calls.update).toEqual([{ id: 'g1', response: 'Edited text' }]);
    expect(within(area()).getByText('Edited text')).toBeDefined();
    expect(within(area()).queryByRole('textbox', { name: 'Report text' })).toBeNull();
  });

  it.each<[string, Response, string]>([
    [
      'a refusal',
      jsonResponse({ data: null, errors: [{ message: 'Access denied. Admins only.' }] }),
      'Error saving report: Access denied. Admins only.',
    ],
    [
      'no generation',
      jsonResponse({ data: { updateReportGeneration: null } }),
      'No updated generation returned from mutation.',
    ],
  ])('keeps the editor open after %s', async (_case, response, message) => {
    const { user } = openAsAdmin({ generations: [older], update: () => response });
    await within(await screen.findByRole('region', { name: /Reports/ })).findByText(/First report/);
    await user.click(within(area()).getByRole('button', { name: 'Edit' }));
    await user.click(within(area()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeDefined();
    expect(within(area()).getByRole('textbox', { name: 'Report text' })).toBeDefined();
  });

  it('refuses to download a generation without text', async () => {
    const { user } = openAsAdmin({ generations: [{ ...older, response: '  ' }] });
    const region = await screen.findByRole('region', { name: /Reports/ });
    await user.click(await within(region).findByRole('button', { name: 'Download as Word' }));
    expect(await screen.findByText('No report data to download.')).toBeDefined();
  });
});
