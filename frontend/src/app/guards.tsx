/**
 * Route guards (spec section 2): not signed in → /login-user; signed in with the wrong
 * role → /login-hotel-owner; either way with the page asked for, to come back to once
 * signed in (return-to.ts), but after a sign-out or an account deletion.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { withReturnTo } from '../lib/return-to.ts';
import type { Role } from '@stays/contracts';
import { selectCurrentUser, selectLeftOnPurpose } from '../features/session/session.selectors.ts';
import { useSelector } from 'react-redux';

export function RequireUser({ role, children }: { role?: Role; children: ReactNode }) {
  const user = useSelector(selectCurrentUser);
  const leftOnPurpose = useSelector(selectLeftOnPurpose);
  const location = useLocation();
  if (user === null) return <Navigate to={leftOnPurpose ? '/login-user' : withReturnTo('/login-user', location)} replace />;
  if (role !== undefined && user.role !== role) return <Navigate to={withReturnTo('/login-hotel-owner', location)} replace />;
  return <>{children}</>;
}
