import { type RefObject, useLayoutEffect } from 'react';

/**
 * Publishes an element's height as a CSS custom property on the document root, kept current as it
 * wraps or grows, so sticky elements below it and scroll padding can allow for it (issue 15 §4).
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, variable: `--${string}`): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(variable, `${element.offsetHeight}px`);
    publish();
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty(variable);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
