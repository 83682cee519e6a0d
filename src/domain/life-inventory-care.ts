/**
 * Issue 28 §1: the hard section's content note and its questions' "Why we ask" help. Each of these
 * questions is marked sensitive, so it offers "Prefer not to answer" (§3).
 */
export const SEPARATION_CONTENT_NOTE =
  'This section asks about your parents separating, leaving home and difficult experiences in ' +
  'childhood, such as abuse or neglect. Answer only what you are comfortable with: the questions ' +
  'about these experiences offer "Prefer not to answer", and you can stop and come back at any time.';

export const WHY_SEPARATION =
  'A separation often shapes where and with whom a child grows up; knowing it helps the report ' +
  'describe your childhood accurately.';
export const WHY_EXPERIENCES =
  'Difficult childhood experiences can affect health and relationships later in life. Knowing about ' +
  'them, in as much or as little detail as you choose, helps the report take them into account.';
