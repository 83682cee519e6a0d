// What the screen comparison measures inside Chromium, the same way for both screens (issue 15):
// every sample runs from an input event's time stamp (or the navigation's start) to the first task
// after the next animation frame (requestAnimationFrame, then a MessageChannel message), i.e. to the
// moment the frame showing its effect has been produced, read with performance.now().
import type { BrowserContext, Locator, Page } from 'playwright-core';

interface BenchProbes {
  recording: boolean;
  keySamples: number[];
  clickSamples: number[];
  lastQuestionPaintedAt: number | null;
  lastControlPaintedAt: number | null;
}

type ProbeWindow = Window & { __bench: BenchProbes };

/** Installed before any script of the page runs. */
export async function installProbes(
  context: BrowserContext,
  lastQuestionText: string,
  lastControlSelector?: string,
): Promise<void> {
  await context.addInitScript(
    ([lastText, controlSelector]: [string, string | null]) => {
      const probes: BenchProbes = {
        recording: false,
        keySamples: [],
        clickSamples: [],
        lastQuestionPaintedAt: null,
        lastControlPaintedAt: null,
      };
      (window as unknown as ProbeWindow).__bench = probes;
      const afterPaint = (done: () => void) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = done;
          channel.port2.postMessage(null);
        });
      // Load: the first time the last question's text is in the document, then its frame; and the
      // first time its control (what takes the answer) is, then its frame. A screen that shows every
      // question whole at once has both in the same frame.
      let textSeen = false;
      const observer = new MutationObserver((mutations) => {
        if (!textSeen)
          for (const mutation of mutations)
            for (const node of mutation.addedNodes)
              if (!textSeen && node.textContent?.includes(lastText)) {
                textSeen = true;
                afterPaint(() => {
                  probes.lastQuestionPaintedAt = performance.now();
                  if (controlSelector === null) probes.lastControlPaintedAt = probes.lastQuestionPaintedAt;
                });
              }
        if (controlSelector === null) {
          if (textSeen) observer.disconnect();
        } else if (document.querySelector(controlSelector)) {
          observer.disconnect();
          afterPaint(() => {
            probes.lastControlPaintedAt = performance.now();
          });
        }
      });
      observer.observe(document, { childList: true, subtree: true });
      document.addEventListener(
        'keydown',
        (event) => {
          if (!probes.recording) return;
          const start = event.timeStamp;
          afterPaint(() => probes.keySamples.push(performance.now() - start));
        },
        true,
      );
      // A click on a radio: its change, and the condition it flips, happen in the click's dispatch.
      // A click on a label dispatches a second click on its input at once: one sample per gesture.
      let lastClickAt = Number.NEGATIVE_INFINITY;
      document.addEventListener(
        'click',
        (event) => {
          if (!probes.recording || event.timeStamp - lastClickAt < 50) return;
          lastClickAt = event.timeStamp;
          const start = event.timeStamp;
          afterPaint(() => probes.clickSamples.push(performance.now() - start));
        },
        true,
      );
    },
    [lastQuestionText, lastControlSelector ?? null] as [string, string | null],
  );
}

/**
 * Milliseconds from the navigation's start to the frame that first showed the last question, and to
 * the frame that first showed its control.
 */
export async function loadTime(page: Page): Promise<{ question: number; control: number }> {
  await page.waitForFunction(
    () => {
      const probes = (window as unknown as ProbeWindow).__bench;
      return probes.lastQuestionPaintedAt !== null && probes.lastControlPaintedAt !== null;
    },
    null,
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate(() => {
    const probes = (window as unknown as ProbeWindow).__bench;
    return {
      question: probes.lastQuestionPaintedAt ?? Number.NaN,
      control: probes.lastControlPaintedAt ?? Number.NaN,
    };
  });
}

async function recorded(page: Page, what: 'keySamples' | 'clickSamples', act: () => Promise<void>) {
  await page.evaluate(() => {
    const probes = (window as unknown as ProbeWindow).__bench;
    probes.keySamples = [];
    probes.clickSamples = [];
    probes.recording = true;
  });
  await act();
  await page.waitForTimeout(300);
  return page.evaluate((key) => {
    const probes = (window as unknown as ProbeWindow).__bench;
    probes.recording = false;
    return probes[key];
  }, what);
}

const TEXT = 'The quick brown fox jumps over the lazy dog. ';

/** Keys typed one by one, 25 ms apart (a fast typist), into a text question. */
export function typedKeystrokes(page: Page, input: Locator, keys: number): Promise<number[]> {
  return recorded(page, 'keySamples', async () => {
    await input.click();
    for (let typed = 0; typed < keys; typed++) {
      const char = TEXT[typed % TEXT.length] ?? 'a';
      await page.keyboard.press(char === ' ' ? 'Space' : char);
      await page.waitForTimeout(25);
    }
  });
}

/** Bursts of keys sent back to back (a paste-like flurry, or a key held down), a pause between. */
export function burstKeystrokes(page: Page, input: Locator, bursts: number, keysPerBurst: number) {
  return recorded(page, 'keySamples', async () => {
    await input.click();
    for (let burst = 0; burst < bursts; burst++) {
      await page.keyboard.type(TEXT.repeat(2).slice(0, keysPerBurst));
      await page.waitForTimeout(400);
    }
  });
}

/** Radio clicks alternating between two options, each showing or hiding the question after it. */
export function radioFlips(page: Page, show: Locator, hide: Locator, flips: number): Promise<number[]> {
  return recorded(page, 'clickSamples', async () => {
    for (let flip = 0; flip < flips; flip++) {
      await (flip % 2 === 0 ? show : hide).click({ force: true });
      await page.waitForTimeout(100);
    }
  });
}

/**
 * Fields moved with the keyboard (issue 11, the form builder): on a drag handle, Space picks the
 * item up, an arrow moves it one place, Space drops it; each key to its frame is one sample.
 */
export function keyboardMoves(page: Page, handle: Locator, moves: number): Promise<number[]> {
  return recorded(page, 'keySamples', async () => {
    for (let move = 0; move < moves; move++) {
      await handle.focus();
      for (const key of ['Space', move % 2 === 0 ? 'ArrowDown' : 'ArrowUp', 'Space']) {
        await page.keyboard.press(key);
        await page.waitForTimeout(150);
      }
    }
  });
}

/** The page's JavaScript heap after a full garbage collection, in bytes. */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

export async function throttleCpu(page: Page, rate: number): Promise<void> {
  if (rate <= 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
