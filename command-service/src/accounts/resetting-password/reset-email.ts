/**
 * The reset emails, as plain text and simple HTML: the link to the web client's reset page
 * (the token in its `token` parameter, `for=owner` for hotel owners), or, for an account that
 * signs in only with Google, where to sign in instead. Kept apart so it can move onto a
 * shared email layout. The name is the plain, capped form used in every message.
 */
import { PASSWORD_RESET_LINK_MINUTES, messages, nameForMessages, type Role } from '@stays/contracts';
import type { EmailMessage } from '@stays/service-kit';

const said = messages.passwordReset;

/** The reset page's address for this token; `webUrl` is the public address of the web client, without a final slash. */
export function resetPageUrl(webUrl: string, role: Role, token: string): string {
  const url = new URL('/reset-password', `${webUrl}/`);
  url.searchParams.set('token', token);
  if (role === 'hotel-owner') url.searchParams.set('for', 'owner');
  return url.toString();
}

const signInPageUrl = (webUrl: string, role: Role): string => new URL(role === 'hotel-owner' ? '/login-hotel-owner' : '/login-user', `${webUrl}/`).toString();

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

function email(to: string, subject: string, paragraphs: readonly (string | { readonly link: string; readonly label: string })[]): EmailMessage {
  const text = paragraphs.map((paragraph) => (typeof paragraph === 'string' ? paragraph : paragraph.link)).join('\n\n');
  const body = paragraphs
    .map((paragraph) =>
      typeof paragraph === 'string'
        ? `<p>${escapeHtml(paragraph)}</p>`
        : `<p><a href="${escapeHtml(paragraph.link)}" style="display:inline-block;padding:10px 16px;background:#2d72d2;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(paragraph.label)}</a></p>` +
          `<p style="font-size:13px;color:#5f6b7c">${escapeHtml(paragraph.link)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:15px;color:#1c2127;max-width:560px">\n${body}\n</body></html>`;
  return { to, subject, text, html };
}

const greeting = (name: string) => said.emailGreeting(nameForMessages(name) || 'guest');

export function resetLinkEmail(input: { to: string; name: string; role: Role; token: string; webUrl: string }): EmailMessage {
  const link = resetPageUrl(input.webUrl, input.role, input.token);
  return email(input.to, said.emailSubject, [
    greeting(input.name),
    said.emailIntro,
    { link, label: said.emailButton },
    said.emailValidity(PASSWORD_RESET_LINK_MINUTES),
    said.emailIgnore,
    said.emailSignature,
  ]);
}

export function signInWithGoogleEmail(input: { to: string; name: string; role: Role; webUrl: string }): EmailMessage {
  return email(input.to, said.googleEmailSubject, [
    greeting(input.name),
    said.googleEmailIntro,
    said.googleEmailAction,
    { link: signInPageUrl(input.webUrl, input.role), label: messages.ui.continueWithGoogle },
    said.emailIgnore,
    said.emailSignature,
  ]);
}
