import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_LIMIT_MESSAGES, MAX_ANSWER_LENGTH } from '#domain/answer-limits.ts';
import type { Field } from '#domain/form-template.ts';
import type { RecordSync } from '../autosave/record-sync.ts';
import { fakeServer, startSync } from '../test-support/fake-save-server.ts';
import { FormField } from './form-field.tsx';

afterEach(cleanup);

const question: Field = { id: 'story', label: 'Your story', type: 'textarea' };

/** One field wired to a real sync engine as the record steps wire it (record-steps.tsx). */
function renderField(sync: RecordSync, field: Field = question) {
  const renders = { count: 0 };
  render(
    <Profiler id="field" onRender={() => renders.count++}>
      <FormField
        field={field}
        source={sync}
        onAnswer={(key, value) => sync.edit({ [key]: value })}
        onFocusAnswer={(key) => sync.focus(key)}
        onBlurAnswer={() => sync.blur()}
      />
    </Profiler>,
  );
  return { renders, control: screen.getByLabelText<HTMLTextAreaElement>('Your story') };
}

describe('Text answers typed without a render per key (issue 32, decision 066)', () => {
  it('takes each key into the answer and the kept copy at once, without re-rendering the field', async () => {
    const { sync, lastKept } = startSync(fakeServer({ story: 'Once' }));
    const { renders, control } = renderField(sync);
    expect(control.value).toBe('Once');
    renders.count = 0;
    await userEvent.type(control, ' upon');
    expect(control.value).toBe('Once upon');
    expect(sync.getAnswer('story')).toBe('Once upon');
    // Issue 26 §4: the kept copy was started with the latest text, key by key.
    expect(lastKept()).toEqual({ story: 'Once upon' });
    expect(renders.count).toBe(0);
    sync.dispose();
  });

  it('shows a stored answer changed elsewhere, but never under the cursor: the typed one stays until blur', async () => {
    const server = fakeServer({ story: 'start' });
    const { sync } = startSync(server);
    const { control } = renderField(sync);
    server.writeElsewhere({ story: 'theirs' });
    act(() => sync.applyRemote(server.state()));
    expect(control.value).toBe('theirs');

    await userEvent.clear(control);
    await userEvent.type(control, 'typed');
    await act(() => sync.flush());
    server.writeElsewhere({ story: 'later' });
    act(() => sync.applyRemote(server.state()));
    expect(control.value).toBe('typed');
    act(() => control.blur());
    expect(control.value).toBe('later');
    sync.dispose();
  });

  it('shows what the answer keeps: text the server cannot store never enters it', () => {
    const { sync } = startSync(fakeServer());
    const { control } = renderField(sync);
    fireEvent.change(control, { target: { value: 'a\u0000b' } });
    expect(sync.getAnswer('story')).toBe('ab');
    expect(control.value).toBe('ab');
    sync.dispose();
  });

  it('says when the answer reaches its limit, and stops saying it below', () => {
    const { sync } = startSync(fakeServer());
    const { control } = renderField(sync);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(control, { target: { value: 'x'.repeat(MAX_ANSWER_LENGTH + 5) } });
    expect(control.value.length).toBe(MAX_ANSWER_LENGTH);
    expect(screen.getByRole('status').textContent).toBe(ANSWER_LIMIT_MESSAGES.tooLong);
    expect(control.getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);
    fireEvent.change(control, { target: { value: 'short' } });
    expect(screen.queryByRole('status')).toBeNull();
    sync.dispose();
  });

  it('empties the control when the question is declined, and gives the text back when that is undone', async () => {
    const { sync } = startSync(fakeServer());
    const { control, renders } = renderField(sync, { ...question, sensitive: true });
    await userEvent.type(control, 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Prefer not to answer' }));
    expect(control.value).toBe('');
    expect(sync.getAnswer('story')).toEqual({ declined: true });
    await userEvent.click(screen.getByRole('button', { name: 'Prefer not to answer' }));
    expect(control.value).toBe('secret');
    // Typing in a declinable question does not re-render its decline button either.
    renders.count = 0;
    await userEvent.type(control, '!');
    expect(renders.count).toBe(0);
    expect(control.value).toBe('secret!');
    sync.dispose();
  });
});
