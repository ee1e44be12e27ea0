import { AuditorSignInForm } from '../../features/audit/components/AuditorSignInForm.tsx';
import { AuditArea } from './audit-area.tsx';

export default function AuditorSignInPage() {
  return (
    <AuditArea requireAuditor={false}>
      <div className="page auth-page">
        <AuditorSignInForm />
      </div>
    </AuditArea>
  );
}
