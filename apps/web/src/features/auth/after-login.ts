let afterLogin: (() => void) | undefined;

/**
 * What else a sign-in starts, set once by the app (app/providers.tsx): the location check. The
 * geolocation feature reads this one, so this one leaves the call to the app rather than import it.
 */
export function setAfterLogin(next: () => void): void {
  afterLogin = next;
}

export function runAfterLogin(): void {
  afterLogin?.();
}
