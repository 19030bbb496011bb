/**
 * Freezes an object graph in place. Engines cache validation and exact RTPs per
 * profile object, so a profile must not change after its first use; freezing
 * turns any later mutation into an immediate TypeError instead of a silently
 * stale RTP.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
