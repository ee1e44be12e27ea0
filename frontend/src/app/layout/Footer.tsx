/** Footer (spec section 2): links without targets, app badges, 'List your property', '2023-24'. */
import { Button, Intent } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useNavigate } from 'react-router-dom';

const ui = messages.ui;

function LinkColumn({ title, links }: { title: string; links: readonly string[] }) {
  return (
    <div className="footer-column">
      <h2 className="footer-title">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link}>
            <a className="footer-link">{link}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const navigate = useNavigate();
  return (
    <footer className="app-footer">
      <div className="footer-grid">
        <LinkColumn title={ui.footerCompany} links={ui.footerLinks} />
        <LinkColumn title={ui.footerPolicies} links={ui.footerPolicyLinks} />
        <LinkColumn title={ui.footerCities} links={ui.footerCityLinks} />
        <div className="footer-column">
          <h2 className="footer-title">{ui.footerOwners}</h2>
          <p>{ui.footerOwnersText}</p>
          <Button intent={Intent.PRIMARY} text={ui.listYourProperty} onClick={() => navigate('/login-hotel-owner')} />
          <h2 className="footer-title">{ui.getTheApp}</h2>
          <div className="app-badges">
            {ui.appBadges.map((badge) => (
              <div className="app-badge" key={badge.big}>
                <small>{badge.small}</small>
                <strong>{badge.big}</strong>
              </div>
            ))}
          </div>
        </div>
      </div>
      <p className="copyright">{ui.copyrightLine(ui.copyright, ui.appTitle)}</p>
    </footer>
  );
}
