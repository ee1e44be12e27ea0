/** How account routes answer with a user: its recorded profile image link made absolute. */
import type { Context } from 'koa';
import { messages, type SessionUser, type SignInResult } from '@stays/contracts';
import { respond, type MediaLinks } from '@stays/service-kit';

export const shownUser = (mediaLinks: MediaLinks, user: SessionUser): SessionUser =>
  user.profileImage === undefined ? user : { ...user, profileImage: mediaLinks.absolute(user.profileImage) };

/** A session's token and user; the message is in `data` too, where the spec's web client shows it after signing in. */
export const respondSignedIn = (ctx: Context, mediaLinks: MediaLinks, session: SignInResult): void =>
  respond(ctx, 200, messages.server.signedIn, { ...session, user: shownUser(mediaLinks, session.user), message: messages.server.signedIn });
