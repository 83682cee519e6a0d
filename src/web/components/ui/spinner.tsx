/** A quiet spinner with a label for screen readers (and, if `showLabel`, for everyone). */
export function Spinner({
  label = 'Loading...',
  showLabel = false,
}: {
  label?: string;
  showLabel?: boolean;
}) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}
