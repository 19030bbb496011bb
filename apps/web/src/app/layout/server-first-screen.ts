import type { DehydratedState } from '@tanstack/react-query';

/** The script element holding the reads a first screen the server drew from data was drawn from (src/first-screen-server.tsx). */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

/**
 * Takes the reads the server drew the page's first screen from (main.tsx, before the first render;
 * docs/decisions/067), for the query cache to start with, so the page's first render shows the
 * same rows rather than placeholders. They count as read when the page was sent: the server draws
 * the screen once per catalogue, from its cache, which any change clears, so an older read time
 * would only make the page read them again at once. Undefined when the page came without them,
 * or when they cannot be read (the page then reads them itself).
 */
export function takeServerFirstScreenReads(doc: Document = document, now = Date.now()): DehydratedState | undefined {
  const script = doc.getElementById(FIRST_SCREEN_STATE_ID);
  script?.remove();
  if (!script?.textContent) return undefined;
  let state: DehydratedState;
  try {
    state = JSON.parse(script.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
  return { ...state, queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) };
}
