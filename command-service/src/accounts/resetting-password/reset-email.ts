/**
 * The reset emails, in the one email layout (HTML and plain text): the link to the web
 * client's reset page (the token in its `token` parameter, `for=owner` for hotel owners),
 * or, for an account that signs in only with Google, where to sign in instead. The name is
 * the plain, capped form used in every message.
 */
import { PASSWORD_RESET_LINK_MINUTES, messages, nameForMessages, type Role } from '@stays/contracts';
import type { EmailMessage } from '@stays/service-kit';
import { renderEmail, type EmailContent } from '../../emails/layout.ts';

const said = messages.passwordReset;

/** The reset page's address for this token; `webUrl` is the public address of the web client, without a final slash. */
export function resetPageUrl(webUrl: string, role: Role, token: string): string {
  const url = new URL('/reset-password', `${webUrl}/`);
  url.searchParams.set('token', token);
  if (role === 'hotel-owner') url.searchParams.set('for', 'owner');
  return url.toString();
}

const signInPageUrl = (webUrl: string, role: Role): string => new URL(role === 'hotel-owner' ? '/login-hotel-owner' : '/login-user', `${webUrl}/`).toString();

function email(to: string, subject: string, content: Omit<EmailContent, 'heading'>): EmailMessage {
  return { to, subject, ...renderEmail({ heading: subject, ...content }) };
}

const greeting = (name: string) => said.emailGreeting(nameForMessages(name) || 'guest');

export function resetLinkEmail(input: { to: string; name: string; role: Role; token: string; webUrl: string }): EmailMessage {
  const link = resetPageUrl(input.webUrl, input.role, input.token);
  return email(input.to, said.emailSubject, {
    intro: [greeting(input.name), said.emailIntro],
    link: { label: said.emailButton, href: link },
    outro: [said.emailValidity(PASSWORD_RESET_LINK_MINUTES), said.emailIgnore],
  });
}

export function signInWithGoogleEmail(input: { to: string; name: string; role: Role; webUrl: string }): EmailMessage {
  return email(input.to, said.googleEmailSubject, {
    intro: [greeting(input.name), said.googleEmailIntro, said.googleEmailAction],
    link: { label: messages.ui.continueWithGoogle, href: signInPageUrl(input.webUrl, input.role) },
    outro: [said.emailIgnore],
  });
}
