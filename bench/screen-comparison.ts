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
import { presentedKeyLatencies } from './presented-latency.ts';
import {
  type ComparisonSettings,
  comparisonSettings,
  type ScreenMode,
} from './screen-comparison-settings.ts';
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
import { type RealRecordServer, startRealRecordServer } from './screen-real-server.ts';
import { type Summary, summarize } from './stats.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export type ScreenName = 'record' | 'surveyjs';
export type { ComparisonSettings, ScreenMode } from './screen-comparison-settings.ts';

export interface ScreenRun {
  screen: ScreenName;
  /** Only the record screen has two; SurveyJS saves are always answered with 200. */
  mode: ScreenMode;
  /** The form's steps (issue 32: one page of 500 questions, or 10 pages of 50). */
  pages: number;
  cpu: number;
  load: Summary;
  /** Load → the last question's control painted (what takes its answer). */
  loadControls: Summary;
  keystrokes: Summary;
  bursts: Summary;
  /** issue 32: the same keys, to the frame's presentation as Chromium times it (EventLatency). */
  keystrokesPresented?: Summary;
  burstsPresented?: Summary;
  flips: Summary;
  heapBytes: number;
  scripts: { file: string; bytes: number; gzipBytes: number }[];
}

export interface ScreenComparison {
  measuredAt: Date;
  loadAverage: number[];
  /** issue 32: at the end too (the machine is shared; a run under load says so). */
  loadAverageEnd?: number[];
  fields: number;
  runs: ScreenRun[];
}

interface Screen {
  name: ScreenName;
  mode: ScreenMode;
  dir: string;
  url: string;
  serve(page: Page, form: FormTemplate): Promise<string[]>;
  signIn: boolean;
  /** The first step's last question's control (a comment: a textarea, in both layouts). */
  lastControl(form: FormTemplate): string;
  textInput(page: Page): ReturnType<Page['locator']>;
  radio(page: Page, option: string): ReturnType<Page['locator']>;
}

const screens: Screen[] = [
  {
    name: 'record',
    mode: 'memory',
    dir: recordClientDir,
    url: `${origin}/#/record/${recordId}`,
    serve: serveRecordScreen,
    signIn: true,
    lastControl: () => '.record-steps__fields > :last-child textarea',
    textInput: (page) => page.getByRole('textbox', { name: /^1\. Question 1\b/ }),
    radio: (page, option) =>
      page
        .getByRole('group', { name: /^4\. Question 4\b/ })
        .getByRole('radio', { name: option, exact: true }),
  },
  {
    name: 'surveyjs',
    mode: 'memory',
    dir: surveyClientDir,
    url: `${origin}/`,
    serve: serveSurveyPeer,
    signIn: false,
    lastControl: (form) => `[data-name="${form.steps[0]?.fields.at(-1)?.id}"] textarea`,
    textInput: (page) => page.locator('[data-name="q0"] input'),
    radio: (page, option) => page.locator(`[data-name="q3"] input[value="${option}"]`),
  },
];

/** issue 32: the record screen of a real server (bench/screen-real-server.ts); a new record each time. */
function realRecordScreen(server: RealRecordServer): Screen {
  const [memory] = screens;
  if (!memory) throw new Error('no record screen');
  return {
    ...memory,
    mode: 'real',
    url: server.baseUrl,
    signIn: false,
    serve: async (page) => {
      const loaded: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === server.baseUrl && url.pathname.endsWith('.js')) loaded.push(url.pathname.slice(1));
      });
      await server.signIn(page);
      // Only what the record's own load asks for counts.
      loaded.length = 0;
      return loaded;
    },
  };
}

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

async function openScreen(browser: Browser, screen: Screen, form: FormTemplate, cpu: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (screen.signIn) await signInBenchPerson(context);
  // The last question of the first step (the one shown first).
  const last = form.steps[0]?.fields.at(-1)?.label ?? '';
  await installProbes(context, last, screen.lastControl(form));
  const page = await context.newPage();
  const scripts = await screen.serve(page, form);
  // The real server's sign-in (in serve) is not measured; the load of the record after it is.
  if (screen.mode === 'real') await page.goto('about:blank');
  await throttleCpu(page, cpu);
  await page.goto(screen.mode === 'real' ? `${screen.url}/#/record/${await newRecord(screen)}` : screen.url);
  const load = await loadTime(page);
  return { context, page, scripts, load };
}

const realRecords = new WeakMap<Screen, () => Promise<string>>();
const newRecord = (screen: Screen) => realRecords.get(screen)?.() ?? Promise.resolve(recordId);

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
    let keystrokes: number[] = [];
    const keystrokesPresented = await presentedKeyLatencies(browser, page, async () => {
      keystrokes = await typedKeystrokes(page, screen.textInput(page), keys);
    });
    // BENCH_SCREEN_TRACE=<dir>: the bursts' trace is kept for DevTools too (issue 32 §1).
    const traceDir = process.env.BENCH_SCREEN_TRACE;
    const traceFile = `${screen.name}-${screen.mode}-${form.steps.length}p-x${cpu}.json`;
    let bursts: number[] = [];
    const burstsPresented = await presentedKeyLatencies(
      browser,
      page,
      async () => {
        bursts = await burstKeystrokes(page, screen.textInput(page), settings.bursts, settings.keysPerBurst);
      },
      traceDir ? path.join(traceDir, traceFile) : undefined,
    );
    const flips = await radioFlips(page, screen.radio(page, 'Yes'), screen.radio(page, 'No'), settings.flips);
    return {
      screen: screen.name,
      mode: screen.mode,
      pages: form.steps.length,
      cpu,
      load: summarize(loads.map((load) => load.question)),
      loadControls: summarize(loads.map((load) => load.control)),
      keystrokes: summarize(keystrokes),
      bursts: summarize(bursts),
      keystrokesPresented: summarize(keystrokesPresented),
      burstsPresented: summarize(burstsPresented),
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

export async function runScreenComparison(settings = comparisonSettings()): Promise<ScreenComparison> {
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
  let server: RealRecordServer | undefined;
  try {
    for (const pages of settings.layouts) {
      const layoutForm = generatedForm(500, pages);
      const [memory, peer] = screens;
      if (!memory || !peer) throw new Error('no screens');
      const chosen: Screen[] = [];
      if (settings.modes.includes('memory')) chosen.push(memory);
      if (settings.modes.includes('real')) {
        // One server per layout (its inventory type holds that layout's form), stopped after it.
        const started = await startRealRecordServer(layoutForm);
        server = started;
        const real = realRecordScreen(started);
        realRecords.set(real, () => started.newRecord());
        chosen.push(real);
      }
      chosen.push(peer);
      // Interleaved (record, SurveyJS, record, …) per CPU rate, so a change in the machine's load
      // falls on all rather than on one.
      for (const cpu of settings.cpuRates)
        for (const screen of chosen) {
          console.log(`  ${screen.name} (${screen.mode}, ${pages} page(s)) at CPU ×${cpu}…`);
          runs.push(await measureScreen(browser, screen, layoutForm, cpu, settings));
        }
      await server?.stop();
      server = undefined;
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  const loadAverageEnd = os.loadavg();
  return { measuredAt, loadAverage, loadAverageEnd, fields: form.steps[0]?.fields.length ?? 0, runs };
}
