import { describe, expect, it } from 'vitest';
import { RecordLiveUpdates } from './live-updates.ts';

function tracker(subscribers: number) {
  const samples: number[] = [];
  const live = new RecordLiveUpdates(subscribers, (latency) => samples.push(latency));
  return { live, samples };
}

describe('live updates of a record shared by two editors', () => {
  it('times a save to the partner’s update, not to the saver’s own', () => {
    const { live, samples } = tracker(2);
    live.answered(0, 5, 100);
    live.delivered(0, 5, 120); // the saver's own subscription: not the measure
    expect(samples).toEqual([]);
    live.delivered(1, 5, 145);
    expect(samples).toEqual([45]);
  });

  it('counts an update that arrived before the save’s answer', () => {
    const { live, samples } = tracker(2);
    live.delivered(0, 7, 230);
    live.answered(1, 7, 200);
    expect(samples).toEqual([30]);
  });

  it('lets a later version carry an earlier save (the server folds bursts)', () => {
    const { live, samples } = tracker(2);
    live.answered(0, 3, 0);
    live.answered(1, 4, 10);
    live.delivered(1, 4, 50);
    live.delivered(0, 4, 60);
    expect(samples).toEqual([50, 50]);
  });

  it('waits for the version itself, not an older one', () => {
    const { live, samples } = tracker(2);
    live.answered(0, 9, 0);
    live.delivered(1, 8, 10);
    expect(samples).toEqual([]);
    expect(live.undelivered(20_000, 10_000)).toBe(1);
    expect(live.undelivered(5_000, 10_000)).toBe(0);
  });
});

it('watches the saver’s own subscription when a record has one editor', () => {
  const { live, samples } = tracker(1);
  expect(live.watcherOf(0)).toBe(0);
  live.answered(0, 2, 10);
  live.delivered(0, 2, 25);
  expect(samples).toEqual([15]);
});
