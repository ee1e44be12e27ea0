/** A stored event whose data its type's schema does not read: a bug to fix, never a document to write. */
export class EventDataError extends Error {
  override readonly name = 'EventDataError';

  constructor(
    readonly type: string,
    readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
  ) {
    super(`${type}: ${issues.map((issue) => `${issue.path.map(String).join('.') || '(data)'} ${issue.message}`).join('; ')}`);
  }
}
