import { expect, it } from 'vitest';
import type { CurveRun } from './capacity.ts';
import { notifyLockLine } from './capacity-report.ts';

const run = (notifyLock?: CurveRun['levels'][number]['notifyLock']) =>
  ({
    database: 'PostgreSQL',
    servers: 2,
    warmupS: 5,
    durationS: 10,
    knee: undefined,
    levels: [250, 500].map((editors) => ({ editors, notifyLock })),
  }) as unknown as CurveRun;

it('sums what the NOTIFY-lock sampler saw over a curve’s levels', () => {
  const line = notifyLockLine(
    run({
      samples: 50,
      savesSeen: 40,
      savesWaitingOnNotifyLock: 0,
      notifiesSeen: 3,
      notifiesWaitingOnNotifyLock: 1,
    }),
  );
  expect(line).toBe(
    "PostgreSQL, 2 servers: in 100 samples of the servers' sessions, saves (the UPDATE) were running 80 times " +
      'and waiting on the NOTIFY lock 0 times; the batched pg_notify was running 6 times, waiting on the lock 2 times.',
  );
});

it('says nothing when nothing was sampled (PGlite)', () => {
  expect(notifyLockLine(run())).toBeUndefined();
});
