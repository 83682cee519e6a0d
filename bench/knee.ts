/** Issue 31 §4: the save p99 target of one server (issue 3), which names the curve's knee. */
export const KNEE_P99_MS = 50;

export const KNEE_RULE =
  `the knee is the first level (fewest editors) where save p99 is over ${KNEE_P99_MS} ms or any ` +
  'error happened (errors include subscriptions that never opened and live updates not delivered)';

export interface KneeInput {
  editors: number;
  saveP99: number;
  errors: number;
}

/** The editors at the knee, or undefined when every level held. A level without saves is over. */
export function findKnee(points: readonly KneeInput[]): number | undefined {
  const sorted = [...points].sort((a, b) => a.editors - b.editors);
  return sorted.find((point) => !(point.saveP99 <= KNEE_P99_MS) || point.errors > 0)?.editors;
}
