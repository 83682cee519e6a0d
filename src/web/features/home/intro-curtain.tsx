/**
 * customer-app §2 Home: the curtain-opening intro. Pure CSS (home.css): two stage curtains part
 * once over the welcome section; hidden from assistive technology, never blocks a click, and not
 * shown at all when the person prefers reduced motion.
 */
export function IntroCurtain() {
  return (
    <div className="intro-curtain" aria-hidden="true">
      <span className="intro-curtain__panel intro-curtain__panel--left" />
      <span className="intro-curtain__panel intro-curtain__panel--right" />
    </div>
  );
}
