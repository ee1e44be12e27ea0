/** The response envelope every call answers with (spec section 7). */
export interface SuccessEnvelope<T> {
  readonly success: true;
  readonly statusCode: number;
  readonly message: string;
  readonly data: T;
}

export interface FailureEnvelope {
  readonly success: false;
  readonly statusCode: number;
  readonly message: string;
  /** Which request field was wrong, for validation failures. */
  readonly field?: string;
}

export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

/** What sign-in calls return in `data.user`: never a password or hash. */
export interface SessionUser {
  readonly _id: string;
  readonly role: import('./rules.ts').TokenRole;
  readonly name: string;
  readonly email: string;
  readonly username?: string;
  readonly profileImage?: string;
  /**
   * The account has a password (false: it signs in only with Google), so the profile asks
   * for the current password, or for a Google confirmation, before an email or password
   * change. Absent only in sessions a browser kept from before the field existed.
   */
  readonly hasPassword?: boolean;
}

export interface SignInResult {
  readonly accessToken: string;
  readonly user: SessionUser;
}
