import { describe, expect, it } from 'vitest';
import { createPersonLimiter } from './person-limiter.ts';

describe('createPersonLimiter (issue 25 §4)', () => {
  it('runs a person’s operations two at a time here, in order, without holding up anyone else', async () => {
    const limiter = createPersonLimiter(2, 10);
    const first = await limiter.acquire('ada');
    const second = await limiter.acquire('ada');
    const order: string[] = [];
    const third = limiter.acquire('ada').then((release) => {
      order.push('third');
      return release;
    });
    const fourth = limiter.acquire('ada').then((release) => {
      order.push('fourth');
      return release;
    });
    // Someone else is not in Ada's line.
    expect(await limiter.acquire('grace')).toBeTypeOf('function');
    expect(limiter.load('ada')).toEqual({ running: 2, waiting: 2 });
    first?.();
    first?.(); // A second call frees nothing more.
    (await third)?.();
    second?.();
    (await fourth)?.();
    expect(order).toEqual(['third', 'fourth']);
    expect(limiter.load('ada')).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses once the person’s line is full', async () => {
    const limiter = createPersonLimiter(1, 2);
    await limiter.acquire('ada');
    void limiter.acquire('ada');
    void limiter.acquire('ada');
    expect(await limiter.acquire('ada')).toBeNull();
  });
});
