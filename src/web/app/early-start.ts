// Issue 15 §2: main.tsx imports this module first. A module's body runs when it is imported, so a
// visit straight to a record asks for its data and code before React, the router and the rest of
// the entry are evaluated (about 85 ms at CPU ×4), not after.
import { startRecordVisitEarly } from './start-up-preload.ts';

export const earlyRecordVisit = startRecordVisitEarly(window.location.hash, {
  doc: document,
  storage: window.sessionStorage,
  now: Date.now,
});
