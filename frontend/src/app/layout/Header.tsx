/** Header (spec section 2): title, HOME/ABOUT, role-dependent entries, 'Call us to book now'. */
import { Button, Icon, Intent } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { selectCurrentUser } from '../../features/session/session.selectors.ts';
import { tokenStorage } from '../../lib/persist.ts';
import { withReturnTo } from '../../lib/return-to.ts';
import { useDispatch, useSelector } from 'react-redux';

const ui = messages.ui;

/**
 * The auditor signed in, from the dashboard's state (injected with its screens; read by
 * shape and signed out by action type, as features do not import each other, which keeps
 * the dashboard out of the first download).
 */
interface WithAuditor {
  readonly audit?: { readonly auditor: { readonly name: string } | null };
}
const selectAuditor = (state: WithAuditor) => state.audit?.auditor ?? null;

export function Header() {
  const user = useSelector(selectCurrentUser);
  const auditor = useSelector(selectAuditor);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const isOwner = user?.role === 'hotel-owner';
  // An auditor can use the dashboard and signing out, nothing a guest or an owner does (booking, listing a property).
  const isAuditor = user === null && auditor !== null;

  const listYourProperty = () => navigate(isOwner && tokenStorage.get() !== null ? '/hotel-details' : '/signup-hotel-owner');

  return (
    <header className="app-header">
      <div className="app-header-inner">
        {isOwner ? (
          <span className="brand">{ui.appTitle}</span>
        ) : (
          <Link className="brand" to="/">
            {ui.appTitle}
          </Link>
        )}
        {!isAuditor && (
          <div className="call-us">
            <Icon icon="phone" size={14} />
            <span>
              <span className="call-us-caption">{ui.callToBook}</span>
              <a className="call-us-number" href={`tel:${ui.contactPhone.replace(/\s/g, '')}`}>
                {ui.contactPhone}
              </a>
            </span>
          </div>
        )}
        <nav className="app-nav" aria-label={ui.mainNavigation}>
          {!isOwner && !isAuditor && (
            <NavLink to="/" end className="nav-link">
              {ui.navHome}
            </NavLink>
          )}
          {!isAuditor && (
            <NavLink to="/about" className="nav-link">
              {ui.navAbout}
            </NavLink>
          )}
          {user === null && auditor === null && (
            <NavLink to={withReturnTo('/login-user', location)} className="nav-link">
              {ui.navLogin}
            </NavLink>
          )}
          {user === null && auditor !== null && (
            <>
              <NavLink to="/audit" className="nav-link" title={ui.auditorSession(auditor.name)}>
                {ui.navAudit}
              </NavLink>
              <Button variant="minimal" className="nav-link" text={ui.navLogout} onClick={() => dispatch({ type: 'audit/signOutRequested' })} />
            </>
          )}
          {user?.role === 'customer' && (
            <Link to="/profile" className="avatar-link" aria-label={ui.yourProfile} title={ui.yourProfile}>
              {user.profileImage ? <img src={user.profileImage} alt={ui.yourProfile} className="avatar" /> : <Icon icon="user" size={20} />}
            </Link>
          )}
          {isOwner && (
            <Link to="/hotel-details" className="avatar-link" aria-label={ui.yourHotel} title={ui.yourHotel}>
              <Icon icon="office" size={20} />
            </Link>
          )}
          {!isAuditor && (
            <Button className="list-property large-only" intent={Intent.PRIMARY} variant="outlined" onClick={listYourProperty} text={ui.listYourProperty} />
          )}
        </nav>
      </div>
    </header>
  );
}
