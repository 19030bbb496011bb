/**
 * Times in the back office are shown in UTC, the audit trail's clock, in the
 * product's date style: MM/DD/YYYY hh:mm:ss AM UTC.
 */
const utc = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return '—';
  const parts = Object.fromEntries(utc.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.dayPeriod} UTC`;
}
