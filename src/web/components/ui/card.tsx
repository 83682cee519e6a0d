import type { HTMLAttributes } from 'react';

/** A calm white surface with a soft border; `as` picks the landmark-friendly element. */
export function Card({
  as: Element = 'div',
  className = '',
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'aside' }) {
  return <Element className={`card ${className}`.trim()} {...props} />;
}
