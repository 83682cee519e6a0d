import { describe, expect, it } from 'vitest';
import { recordButtonLabel } from './record-button-label.ts';

describe('recordButtonLabel (customer-app §2 Home)', () => {
  it.each([
    [1, 'Life Inventory', 'Record 1 - Life Inventory'],
    [2, '', 'Record 2'],
    [3, '   ', 'Record 3'],
    [4, null, 'Record 4'],
  ])('record %d of type %j reads %j', (position, name, label) => {
    expect(recordButtonLabel(position, name)).toBe(label);
  });
});
