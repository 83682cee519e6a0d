import { describe, expect, it } from 'vitest';
import { newPaymentId } from './payment-id.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newPaymentId', () => {
  it('makes a version-4 UUID, a new one each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newPaymentId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(V4);
  });
  it('makes one from random bytes where randomUUID is missing (plain http)', () => {
    const withoutRandomUuid = {
      getRandomValues: (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array),
    } as unknown as Crypto;
    expect(newPaymentId(withoutRandomUuid)).toMatch(V4);
  });
});
