import { type RefObject, useEffect } from 'react';

/**
 * Publishes an element's height as a CSS custom property on the document root, kept current as it
 * wraps or grows, so sticky elements below it and scroll padding can allow for it (issue 15 §4).
 * Read only in ResizeObserver callbacks, which run after the browser's own layout: reading
 * offsetHeight at mount forced a layout of the whole page, 45 ms with 500 questions (issue 15 §2).
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, variable: `--${string}`): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    let published = '';
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight;
      const value = `${Math.round(height)}px`;
      if (value === published) return;
      published = value;
      root.style.setProperty(variable, value);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
