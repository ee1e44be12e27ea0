/**
 * Registering an account: sign-ups are throttled per client address; the email is
 * reserved for the new account (`customeremail-`/`owneremail-{keyed digest}`, appended with
 * no_stream, so of two concurrent sign-ups one wins), then the account stream is created.
 * A failure in between frees the email again.
 */
import { randomUUID } from 'node:crypto';
import { normaliseEmail, type Role, type SignInMethod, messages, routes } from '@stays/contracts';
import { respond } from '@stays/service-kit';
import type { AccountDeps, CommandRoute } from '../../command-context.ts';
import { handle, type CommandMetadata, type Positioned } from '../../handle.ts';
import { accountAggregate, type ActiveAccount } from '../account.ts';
import { accountStream, loadAccount } from '../account-streams.ts';
import { releaseEmail, reserveEmail } from '../unique-emails.ts';
import { register } from './decide.ts';
import { discardImages, storeUploadedImages } from '../../uploads.ts';
import { profileImageRules } from '../profile-images.ts';

export interface Registration {
  readonly role: Role;
  readonly name: string;
  readonly email: string;
  readonly username?: string;
  readonly password: string | null;
  readonly profileImage?: string;
  readonly via: SignInMethod;
}

/** `client` is the caller's address: sign-ups are throttled per address. */
export async function handleRegister(deps: AccountDeps, input: Registration, client: string): Promise<Positioned<ActiveAccount>> {
  const accountId = randomUUID();
  const email = normaliseEmail(input.email);
  const metadata: CommandMetadata = { actor: accountId };
  await startSignUp(deps, input.role, email, accountId, client);
  try {
    const passwordHash = input.password === null ? null : await deps.passwords.hash(input.password);
    const { state, position } = await handle(
      deps.store,
      accountStream(input.role, accountId),
      accountAggregate,
      (current) =>
        register(
          {
            accountId,
            role: input.role,
            name: input.name,
            email,
            passwordHash,
            via: input.via,
            ...(input.username !== undefined && { username: input.username }),
            ...(input.profileImage !== undefined && { profileImage: input.profileImage }),
          },
          current,
        ),
      metadata,
    );
    return { value: state as ActiveAccount, position };
  } catch (error) {
    await releaseEmail(deps, input.role, email, accountId, metadata).catch(() => undefined);
    throw error;
  }
}

/**
 * Counts a sign-up from `client` (refused while it must wait) and reserves `email` for the
 * new account; the caller frees the email if the account is not created after all.
 */
export async function startSignUp(deps: AccountDeps, role: Role, email: string, accountId: string, client: string): Promise<void> {
  deps.throttles.signUp(client, deps.now());
  await reserveEmail(
    deps,
    role,
    email,
    accountId,
    { actor: accountId },
    {
      now: deps.now(),
      recordedNothing: async (holder) => (await loadAccount(deps.store, role, holder)).revision === null,
    },
  );
}

/**
 * POST /user/register (customers, with a profile image) and /hotel/owner/register (spec
 * section 7, "Authentication and registration"): 201 with the new account's id.
 */
export const mountRegistering: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.customerRegister, async (ctx) => {
    const { body: input, files } = ctx.input;
    const [profileImage] = await storeUploadedImages(files, deps.images, profileImageRules(true));
    try {
      const { value, position } = await handleRegister(
        deps.accounts,
        {
          role: 'customer',
          name: input.name,
          email: input.email,
          username: input.username,
          password: input.password,
          profileImage,
          via: 'password',
        },
        ctx.ip,
      );
      await committed(ctx, position);
      respond(ctx, 201, messages.server.customerRegistered, { _id: value.accountId });
    } catch (error) {
      await discardImages(deps.media, [profileImage!]);
      throw error;
    }
  });

  mount(routes.ownerRegister, async (ctx) => {
    const input = ctx.input.body;
    const { value, position } = await handleRegister(
      deps.accounts,
      {
        role: 'hotel-owner',
        name: input.name,
        email: input.email,
        password: input.password,
        via: 'password',
      },
      ctx.ip,
    );
    await committed(ctx, position);
    respond(ctx, 201, messages.server.ownerRegistered, { _id: value.accountId });
  });
};
