// Issue 11: the form builder on a 500-field form, in Chromium at CPU ×1 and ×4: open it (to the
// last field's label painted), type a field's label in the editor (keystroke → paint), and move a
// field with the keyboard (each key → paint). Served and measured as bench/screen-comparison.ts.
import { chromium, type Page } from 'playwright-core';
import { ensureClientBuild } from '../scripts/client-build.ts';
import { generatedForm } from './generated-form.ts';
import {
  heapAfterGc,
  installProbes,
  keyboardMoves,
  loadTime,
  throttleCpu,
  typedKeystrokes,
} from './screen-measures.ts';
import { builderTypeId, origin, serveFormBuilder, signInBenchPerson } from './screen-pages.ts';
import { type Summary, summarize } from './stats.ts';

export interface BuilderRun {
  cpu: number;
  load: Summary;
  labelKeys: Summary;
  moveKeys: Summary;
  heapBytes: number;
}

export interface BuilderBench {
  fields: number;
  runs: BuilderRun[];
}

const LOADS = 3;

async function openBuilder(browser: import('playwright-core').Browser, cpu: number) {
  const form = generatedForm();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInBenchPerson(context, ['admin']);
  await installProbes(context, form.steps.at(-1)?.fields.at(-1)?.label ?? '');
  const page = await context.newPage();
  await throttleCpu(page, cpu);
  await serveFormBuilder(page, form);
  await page.goto(`${origin}/#/formbuilder/${builderTypeId}`);
  return { context, page, load: (await loadTime(page)).question };
}

async function measure(page: Page, cpu: number) {
  const heapBytes = await heapAfterGc(page);
  await page.getByRole('button', { name: 'Edit field Question 1', exact: true }).click();
  const label = page.getByLabel('Field label');
  const labelKeys = await typedKeystrokes(page, label, Math.max(20, Math.round(100 / cpu)));
  await page.getByRole('button', { name: 'Cancel' }).click();
  const moveKeys = await keyboardMoves(
    page,
    page.getByRole('button', { name: 'Move field Question 2', exact: true }),
    10,
  );
  return { heapBytes, labelKeys, moveKeys };
}

export async function runBuilderBench(cpuRates = [1, 4]): Promise<BuilderBench> {
  ensureClientBuild((line) => console.log(line));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const runs: BuilderRun[] = [];
  try {
    for (const cpu of cpuRates) {
      console.log(`  form builder at CPU ×${cpu}…`);
      const loads: number[] = [];
      for (let index = 1; index < LOADS; index++) {
        const opened = await openBuilder(browser, cpu);
        loads.push(opened.load);
        await opened.context.close();
      }
      const { context, page, load } = await openBuilder(browser, cpu);
      loads.push(load);
      try {
        const measured = await measure(page, cpu);
        runs.push({
          cpu,
          load: summarize(loads),
          labelKeys: summarize(measured.labelKeys),
          moveKeys: summarize(measured.moveKeys),
          heapBytes: measured.heapBytes,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { fields: generatedForm().steps[0]?.fields.length ?? 0, runs };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function renderBuilderConsole(bench: BuilderBench): string {
  return bench.runs
    .map(
      (run) =>
        `  builder CPU ×${run.cpu}: open p50 ${ms(run.load.p50)}; label key→paint p50 ${ms(run.labelKeys.p50)} p95 ${ms(run.labelKeys.p95)}; move key→paint p50 ${ms(run.moveKeys.p50)} p95 ${ms(run.moveKeys.p95)}; heap ${(run.heapBytes / 1024 / 1024).toFixed(1)} MiB`,
    )
    .join('\n');
}

export function renderBuilderSection(bench: BuilderBench | undefined): string {
  if (!bench) return '';
  return [
    `## Form builder on a ${bench.fields}-field form (issue 11)`,
    '',
    'The production build in headless Chromium (`bench/builder-screen.ts`), the API answered in the page as in',
    `the record screen comparison. Open: navigation start → the last field's label painted (${LOADS} loads in`,
    'fresh contexts). Label: keys typed 25 ms apart into "Field label" of the first field. Move: a field moved',
    'with the keyboard (Space, arrow, Space) ten times; each key → the frame that shows it.',
    '',
    '| CPU | Open p50 | Label key→paint p50 | p95 | Move key→paint p50 | p95 | Heap |',
    '|---|---|---|---|---|---|---|',
    ...bench.runs.map(
      (run) =>
        `| ×${run.cpu} | ${ms(run.load.p50)} | ${ms(run.labelKeys.p50)} | ${ms(run.labelKeys.p95)} | ${ms(run.moveKeys.p50)} | ${ms(run.moveKeys.p95)} | ${(run.heapBytes / 1024 / 1024).toFixed(1)} MiB |`,
    ),
    '',
  ].join('\n');
}
