/**
 * /forgot-password and /reset-password?token=…, one of each for guests and owners: `for=owner`
 * in the address (the emailed link carries it) makes them an owner's.
 */
import type { Role } from '@stays/contracts';
import { useSearchParams } from 'react-router-dom';
import { ForgotPasswordForm, ResetPasswordForm } from '../../features/password-reset/components/PasswordResetForms.tsx';

const roleOf = (params: URLSearchParams): Role => (params.get('for') === 'owner' ? 'hotel-owner' : 'customer');

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  return (
    <div className="page auth-page">
      <ForgotPasswordForm role={roleOf(params)} />
    </div>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="page auth-page">
      <ResetPasswordForm role={roleOf(params)} token={token === null || token === '' ? null : token} />
    </div>
  );
}
