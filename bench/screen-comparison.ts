// issue 15: the record screen beside SurveyJS (the best-known form library) on the same 500-question
// form, in one run of one Chromium, at CPU ×1 and ×4: load, keystroke → paint, bursts, radio flips,
// heap and JavaScript bytes. Both are production builds served the same way (bench/screen-pages.ts)
// and measured the same way (bench/screen-measures.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ensureClientBuild } from '../scripts/client-build.ts';
import type { FormTemplate } from '../src/domain/form-template.ts';
import { generatedForm } from './generated-form.ts';
import {
  burstKeystrokes,
  heapAfterGc,
  installProbes,
  loadTime,
  radioFlips,
  throttleCpu,
  typedKeystrokes,
} from './screen-measures.ts';
import {
  origin,
  recordClientDir,
  recordId,
  serveRecordScreen,
  serveSurveyPeer,
  signInBenchPerson,
  surveyClientDir,
} from './screen-pages.ts';
import { type Summary, summarize } from './stats.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export type ScreenName = 'record' | 'surveyjs';

export interface ScreenRun {
  screen: ScreenName;
  cpu: number;
  load: Summary;
  /** Load → the last question's control painted (what takes its answer). */
  loadControls: Summary;
  keystrokes: Summary;
  bursts: Summary;
  flips: Summary;
  heapBytes: number;
  scripts: { file: string; bytes: number; gzipBytes: number }[];
}

export interface ScreenComparison {
  measuredAt: Date;
  loadAverage: number[];
  fields: number;
  runs: ScreenRun[];
}

interface Screen {
  name: ScreenName;
  dir: string;
  url: string;
  serve(page: Page, form: FormTemplate): Promise<string[]>;
  signIn: boolean;
  /** The last question's control (the form's last field is a comment: a textarea). */
  lastControl: string;
  textInput(page: Page): ReturnType<Page['locator']>;
  radio(page: Page, option: string): ReturnType<Page['locator']>;
}

const screens: Screen[] = [
  {
    name: 'record',
    dir: recordClientDir,
    url: `${origin}/#/record/${recordId}`,
    serve: serveRecordScreen,
    signIn: true,
    lastControl: '.record-steps__fields > :last-child textarea',
    textInput: (page) => page.getByRole('textbox', { name: /^1\. Question 1\b/ }),
    radio: (page, option) =>
      page
        .getByRole('group', { name: /^4\. Question 4\b/ })
        .getByRole('radio', { name: option, exact: true }),
  },
  {
    name: 'surveyjs',
    dir: surveyClientDir,
    url: `${origin}/`,
    serve: serveSurveyPeer,
    signIn: false,
    lastControl: '[data-name="q499"] textarea',
    textInput: (page) => page.locator('[data-name="q0"] input'),
    radio: (page, option) => page.locator(`[data-name="q3"] input[value="${option}"]`),
  },
];

/** The SurveyJS peer's build, made afresh each run (bench-only; never part of the app). */
function buildPeer(): void {
  console.log('Building the SurveyJS peer (bench/peer)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '-c', 'bench/peer/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The SurveyJS peer build failed (see the output above).');
}

export interface ComparisonSettings {
  cpuRates: number[];
  loads: number;
  keystrokes: number;
  bursts: number;
  keysPerBurst: number;
  flips: number;
}

export const defaultComparisonSettings: ComparisonSettings = {
  cpuRates: [1, 4],
  loads: 5,
  keystrokes: 200,
  bursts: 10,
  keysPerBurst: 20,
  flips: 40,
};

async function openScreen(browser: Browser, screen: Screen, form: FormTemplate, cpu: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (screen.signIn) await signInBenchPerson(context);
  const last = form.steps.at(-1)?.fields.at(-1)?.label ?? '';
  await installProbes(context, last, screen.lastControl);
  const page = await context.newPage();
  await throttleCpu(page, cpu);
  const scripts = await screen.serve(page, form);
  await page.goto(screen.url);
  const load = await loadTime(page);
  return { context, page, scripts, load };
}

async function measureScreen(
  browser: Browser,
  screen: Screen,
  form: FormTemplate,
  cpu: number,
  settings: ComparisonSettings,
): Promise<ScreenRun> {
  const loads: { question: number; control: number }[] = [];
  // Every load in a fresh browser context (nothing cached); the last one stays open for the rest.
  for (let index = 1; index < settings.loads; index++) {
    const opened = await openScreen(browser, screen, form, cpu);
    loads.push(opened.load);
    await opened.context.close();
  }
  const { context, page, scripts, load } = await openScreen(browser, screen, form, cpu);
  loads.push(load);
  try {
    await page.waitForTimeout(500);
    const heapBytes = await heapAfterGc(page);
    const keys = Math.max(20, Math.round(settings.keystrokes / cpu));
    const keystrokes = await typedKeystrokes(page, screen.textInput(page), keys);
    const bursts = await burstKeystrokes(
      page,
      screen.textInput(page),
      settings.bursts,
      settings.keysPerBurst,
    );
    const flips = await radioFlips(page, screen.radio(page, 'Yes'), screen.radio(page, 'No'), settings.flips);
    return {
      screen: screen.name,
      cpu,
      load: summarize(loads.map((load) => load.question)),
      loadControls: summarize(loads.map((load) => load.control)),
      keystrokes: summarize(keystrokes),
      bursts: summarize(bursts),
      flips: summarize(flips),
      heapBytes,
      scripts: [...new Set(scripts)].map((file) => {
        const bytes = fs.readFileSync(path.join(screen.dir, file));
        return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
      }),
    };
  } finally {
    await context.close();
  }
}

export async function runScreenComparison(settings = defaultComparisonSettings): Promise<ScreenComparison> {
  ensureClientBuild((line) => console.log(line));
  buildPeer();
  const measuredAt = new Date();
  const loadAverage = os.loadavg();
  const form = generatedForm();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const runs: ScreenRun[] = [];
  try {
    // Interleaved (record, SurveyJS, record, …) per CPU rate, so a change in the machine's load
    // falls on both rather than on one.
    for (const cpu of settings.cpuRates)
      for (const screen of screens) {
        console.log(`  ${screen.name} at CPU ×${cpu}…`);
        runs.push(await measureScreen(browser, screen, form, cpu, settings));
      }
  } finally {
    await browser.close();
  }
  return { measuredAt, loadAverage, fields: form.steps[0]?.fields.length ?? 0, runs };
}
