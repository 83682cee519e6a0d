import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, ToastProvider, useToast } from './toast.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function Trigger() {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast('Invite sent successfully!', 'success')}>
      Send
    </button>
  );
}

it('shows a toast for 3000 ms, then clears it (customer-app §9)', () => {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
  act(() => screen.getByRole('button', { name: 'Send' }).click());
  expect(screen.getByRole('status')).toHaveProperty('textContent', 'Invite sent successfully!');
  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
  expect(screen.queryByText('Invite sent successfully!')).not.toBeNull();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.queryByText('Invite sent successfully!')).toBeNull();
  expect(TOAST_DURATION_MS).toBe(3000);
});
