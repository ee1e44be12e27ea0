/**
 * What both auditor screens share: the dashboard's reducer and saga are added to the store
 * when one first renders (they load with these screens only), and `/audit` sends anyone
 * who is not signed in as an auditor to `/login-auditor`.
 */
import type { ReactNode } from 'react';
import { useSelector, useStore } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { auditApi } from '../../features/audit/api/audit-api.ts';
import { selectAuditor } from '../../features/audit/audit.selectors.ts';
import { installAudit } from '../../features/audit/install.ts';
import '../../features/audit/audit.css';
import type { AppStore } from '../store.ts';

export function AuditArea({ requireAuditor, children }: { requireAuditor: boolean; children: ReactNode }) {
  installAudit(useStore() as AppStore, auditApi);
  const auditor = useSelector(selectAuditor);
  if (requireAuditor && auditor === null) return <Navigate to="/login-auditor" replace />;
  return <>{children}</>;
}
