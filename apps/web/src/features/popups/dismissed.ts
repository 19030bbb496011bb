import { DISMISSED_POPUPS_KEY, type Popup } from '@casino/contracts/popups';

/** The one-time popups closed or acted on in this browser (seed 000 section 3 'Local storage keys'). */
export function dismissedPopups(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSED_POPUPS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function markDismissed(popup: Popup): void {
  if (!popup.isOneTime) return;
  try {
    localStorage.setItem(DISMISSED_POPUPS_KEY, JSON.stringify([...new Set([...dismissedPopups(), popup.popupId])]));
  } catch {
    // Storage unavailable: the popup shows again next time.
  }
}

/** The first popup of a group that may show now: one-time ones only until dismissed. */
export function firstShowable(popups: readonly Popup[]): Popup | undefined {
  const dismissed = dismissedPopups();
  return popups.find((popup) => popup.isActive && !(popup.isOneTime && dismissed.includes(popup.popupId)));
}

/** Popup delays are 1-2 s (seed 000 section 9). */
export const POPUP_DELAY_MS = 1_500;
