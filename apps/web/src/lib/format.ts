/**
 * Display formatting (seed 000 section 9): amounts with two decimals, K from 1,000 and M from
 * 1,000,000, dates as MM/DD/YYYY and MM/DD/YYYY hh:mm A.
 */
export function formatAmount(value: number): string {
  // Written out rather than toLocaleString('en-US', …): a page's first use of Intl loads ICU's
  // number data, 12-25 ms of the main thread on this project's machine (four times that under
  // Lighthouse's mobile throttling), and the header's balance is the first thing a signed-in
  // page formats (docs/decisions/067-first-screen-and-lobby-speed.md). Amounts are whole hundredths, so
  // toFixed(2) is exact.
  const fixed = Math.abs(value).toFixed(2);
  const point = fixed.indexOf('.');
  const whole = fixed.slice(0, point).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole}${fixed.slice(point)}`;
}

export function formatCompactAmount(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${trimTo2(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${trimTo2(value / 1_000)}K`;
  return formatAmount(value);
}

function trimTo2(value: number): string {
  // Truncate rather than round, so 999,999 shows 999.99K and never a misleading 1000.00K.
  const truncated = Math.trunc(value * 100) / 100;
  return truncated.toFixed(2);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function formatDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

export function formatDateTime(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const hours = date.getHours() % 12 || 12;
  const meridiem = date.getHours() < 12 ? 'AM' : 'PM';
  return `${formatDate(date)} ${pad(hours)}:${pad(date.getMinutes())} ${meridiem}`;
}
