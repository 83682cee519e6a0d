import { useEffect, useState } from 'react';

/**
 * False in the first render and until the frame it made has been shown, then true: for work a
 * screen can show a moment later rather than make its first paint wait for it (issue 15 §2).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // The frame's callback runs before it is painted; the task after it runs once it has been.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
