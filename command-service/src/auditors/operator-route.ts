/**
 * `POST /operator/auditors {email, password}`: adds an auditor through the process that owns
 * the log. In the one-process mode the embedded log has one owner, so `npm run auditor`
 * hands the account to a running `npm start` this way instead of asking for it to be stopped.
 */
import { AppError, type OperatorRoute } from '@stays/service-kit';
import type { Passwords } from '../accounts/passwords.ts';
import type { UniqueEmailDeps } from '../accounts/unique-emails.ts';
import { domainErrorToAppError } from '../http-errors.ts';
import { handleAddAuditor } from './adding-auditor/handler.ts';

export function auditorOperatorRoute(deps: UniqueEmailDeps, passwords: Passwords): OperatorRoute {
  return ({ method, parts, body }) => {
    if (parts[1] !== 'auditors' || parts.length !== 2 || method !== 'POST') return null;
    const { email, password } = (typeof body === 'object' && body !== null ? body : {}) as { email?: unknown; password?: unknown };
    if (typeof email !== 'string' || typeof password !== 'string')
      return Promise.reject(new AppError(400, 'an auditor is added with {"email": "…", "password": "…"}'));
    return handleAddAuditor(deps, passwords, { email, password, via: 'cli' }).then(
      (auditorId) => ({ statusCode: 201, data: { auditorId } }),
      (error: unknown) => {
        throw domainErrorToAppError(error) ?? error;
      },
    );
  };
}
