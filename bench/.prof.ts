import { chromium } from 'playwright-core';
import { generatedForm } from './generated-form.ts';
import { installProbes, loadTime } from './screen-measures.ts';
import { builderTypeId, origin, serveFormBuilder, signInBenchPerson } from './screen-pages.ts';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const form = generatedForm();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await signInBenchPerson(context, ['admin']);
await installProbes(context, form.steps.at(-1)?.fields.at(-1)?.label ?? '');
const page = await context.newPage();
await serveFormBuilder(page, form);
await page.goto(`${origin}/#/formbuilder/${builderTypeId}`);
await loadTime(page);
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const handle = page.getByRole('button', { name: 'Move field Question 2', exact: true });
for (let i = 0; i < 4; i++) {
  await handle.focus();
  for (const key of ['Space', i % 2 ? 'ArrowUp' : 'ArrowDown', 'Space']) { await page.keyboard.press(key); await page.waitForTimeout(200); }
}
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas ?? [];
profile.samples?.forEach((id, i) => {
  const n = byId.get(id); if (!n) return;
  const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000);
});
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
await browser.close();
