/**
 * The operator back office (issue 18): roles shared by the server's checks and the admin UI.
 * Least privilege: each route names the roles that may call it; 'admin' may call every route.
 */
export const operatorRoles = ['support', 'payments', 'compliance', 'content', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** The signed-in operator, as the back office sees it. */
export interface OperatorSummary {
  operatorId: number;
  email: string;
  displayName: string;
  roles: OperatorRole[];
}
