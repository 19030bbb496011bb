import type { Report, ReportQuery } from '@casino/contracts/admin-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_API, adminHttp } from '../admin-http';

/** The reports desk: one request per date range; the CSV is the same range's address. */
export function useReport(range: ReportQuery) {
  return useQuery({
    queryKey: ['admin', 'reports', range.from, range.to],
    queryFn: ({ signal }) => adminHttp.get<Report>('reports/daily', range, signal),
    placeholderData: keepPreviousData,
  });
}

export function reportCsvUrl(range: ReportQuery): string {
  return `${ADMIN_API}/reports/daily.csv?${new URLSearchParams(range).toString()}`;
}
