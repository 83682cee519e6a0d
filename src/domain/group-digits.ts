/**
 * A whole number with its thousands grouped by commas, as en-US writes it ("20,000"), for the
 * limits in our messages. Written out rather than `toLocaleString('en-US')`: that call loads the
 * locale's number data (about 13 ms, 50 ms at CPU ×4), and these messages are built when the
 * record screen's code is first evaluated, on the way to its first paint (issue 15 §2).
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}
