/** The product mark (the favicon's shape): decorative, the product name is always written beside it. */
export function Logo({ size = 40, className = '' }: { size?: number; className?: string }) {
  return (
    <svg
      className={`logo ${className}`.trim()}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#1f3a5f" />
      <path d="M18 14h8v28h20v8H18z" fill="#f4d58d" />
    </svg>
  );
}
