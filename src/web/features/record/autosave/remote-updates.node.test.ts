import { describe, expect, it } from 'vitest';
import { RemoteUpdates, type RemoteVerdict } from './remote-updates.ts';
import type { ServerRecordState } from './sync-types.ts';

// When a stored state read from elsewhere is taken (customer-app §4 Editing flag, issue 26 §3).

const state = (version: number, extra: Partial<ServerRecordState> = {}): ServerRecordState => ({
  data: {},
  version,
  updatedAt: `t${version}`,
  submitted: false,
  formKey: 'life/1',
  ...extra,
});

describe('RemoteUpdates.offer', () => {
  const cases: {
    name: string;
    offered: ServerRecordState;
    editing?: boolean;
    saving?: boolean;
    verdict: RemoteVerdict;
  }[] = [
    { name: 'a newer state is taken', offered: state(4), verdict: 'apply' },
    { name: 'an older or the same state is not', offered: state(3), verdict: 'not-newer' },
    {
      name: 'the same version, now submitted, is newer',
      offered: state(3, { submitted: true }),
      verdict: 'apply',
    },
    { name: 'while the person edits it waits', offered: state(4), editing: true, verdict: 'later' },
    { name: 'while a save is on its way it waits', offered: state(4), saving: true, verdict: 'later' },
    {
      name: 'one of another form is not taken',
      offered: state(4, { formKey: 'life/2' }),
      verdict: 'other-form',
    },
    {
      name: 'a state without a form key is of this form',
      offered: state(4, { formKey: undefined }),
      verdict: 'apply',
    },
  ];
  for (const { name, offered, editing = false, saving = false, verdict } of cases) {
    it(name, () => {
      const remote = new RemoteUpdates(
        () => state(3),
        () => saving,
      );
      remote.editing = editing;
      expect(remote.offer(offered)).toBe(verdict);
    });
  }

  it('the latest waiting state is taken once the person and the save are done, if still newer', () => {
    let shown = state(3);
    let saving = true;
    const remote = new RemoteUpdates(
      () => shown,
      () => saving,
    );
    remote.offer(state(4));
    remote.offer(state(5));
    expect(remote.takeWaiting()).toBeNull();
    saving = false;
    expect(remote.takeWaiting()?.version).toBe(5);
    expect(remote.takeWaiting()).toBeNull();
    saving = true;
    remote.offer(state(6));
    shown = state(7);
    saving = false;
    expect(remote.takeWaiting()).toBeNull();
  });
});
