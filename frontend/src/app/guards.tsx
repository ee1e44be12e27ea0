/**
 * Route guards (spec section 2): not signed in → /login-user; signed in with the wrong
 * role → /login-hotel-owner.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Role } from '@stays/contracts';
import { selectCurrentUser } from '../features/session/session.selectors.ts';
import { useSelector } from 'react-redux';

export function RequireUser({ role, children }: { role?: Role; children: ReactNode }) {
  const user = useSelector(selectCurrentUser);
  if (user === null) return <Navigate to="/login-user" replace />;
  if (role !== undefined && user.role !== role) return <Navigate to="/login-hotel-owner" replace />;
  return <>{children}</>;
}
