/**
 * The second server of the end-to-end run: the same build with GEOLOCATION=enforce, for the
 * location gate's spec. The default server only monitors locations, so the other
 * specs need no browser location.
 */
export const enforcingPort = Number(process.env.E2E_ENFORCE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
export const enforcingUrl = `http://localhost:${enforcingPort}`;
