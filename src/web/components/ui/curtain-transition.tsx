import {
  type CSSProperties,
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { prefersReducedMotion } from './reduced-motion.ts';

/**
 * customer-app §2/§4 Home curtain: "Enter" opens the stage curtains into the next screen; a record
 * button plays a black curtain upward, then navigates. The overlay sits above the router so it
 * survives the navigation it covers: it closes (cover), the screen changes, then it opens (reveal).
 */
export type CurtainKind = 'stage' | 'rise';

export const CURTAIN_COVER_MS = 450;
export const CURTAIN_REVEAL_MS = 650;

type Phase = 'cover' | 'reveal';

interface CurtainApi {
  /** Plays the curtain; `onCovered` (the navigation) runs once the screen is hidden. */
  playCurtain: (kind: CurtainKind, onCovered: () => void) => void;
}

const CurtainContext = createContext<CurtainApi | null>(null);

export function CurtainTransitionProvider({ children }: { children: ReactNode }) {
  const [curtain, setCurtain] = useState<{ kind: CurtainKind; phase: Phase } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const playCurtain = useCallback((kind: CurtainKind, onCovered: () => void) => {
    if (prefersReducedMotion()) {
      onCovered();
      return;
    }
    timers.current.forEach(clearTimeout);
    setCurtain({ kind, phase: 'cover' });
    timers.current = [
      setTimeout(() => {
        onCovered();
        setCurtain({ kind, phase: 'reveal' });
      }, CURTAIN_COVER_MS),
      setTimeout(() => setCurtain(null), CURTAIN_COVER_MS + CURTAIN_REVEAL_MS),
    ];
  }, []);

  const api = useMemo(() => ({ playCurtain }), [playCurtain]);
  return (
    <CurtainContext value={api}>
      {children}
      {curtain ? (
        <div
          className={`curtain-overlay curtain-overlay--${curtain.kind} curtain-overlay--${curtain.phase}`}
          style={
            {
              '--curtain-cover-ms': `${CURTAIN_COVER_MS}ms`,
              '--curtain-reveal-ms': `${CURTAIN_REVEAL_MS}ms`,
            } as CSSProperties
          }
          aria-hidden="true"
          data-testid="curtain-overlay"
        >
          {curtain.kind === 'stage' ? (
            <>
              <span className="curtain-panel curtain-panel--left" />
              <span className="curtain-panel curtain-panel--right" />
            </>
          ) : (
            <span className="curtain-panel curtain-panel--black" />
          )}
        </div>
      ) : null}
    </CurtainContext>
  );
}

export function useCurtainTransition(): CurtainApi {
  const api = use(CurtainContext);
  if (!api) throw new Error('useCurtainTransition() needs a <CurtainTransitionProvider> above it.');
  return api;
}
