import type { AuditRow } from '@casino/contracts/admin';
import type { Paged } from '@casino/contracts/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminHttp } from '../admin-http';

/** GET /api/admin/audit with its filters. */
export interface AuditFilters {
  operatorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 50;

export function useAudit(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: ({ signal }) => adminHttp.get<Paged<AuditRow>>('audit', { ...filters, page, limit: AUDIT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
