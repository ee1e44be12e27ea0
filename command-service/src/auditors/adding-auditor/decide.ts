/**
 * Adding an auditor: there is no sign-up; an account is added at start (BOOTSTRAP_AUDITOR_*),
 * by `npm run auditor -- add`, or by the demo data. An id is added once.
 */
import { messages, type AuditorEvent, type AuditorAdded } from '@stays/contracts';
import { Conflict } from '../../domain-errors.ts';
import type { AuditorState } from '../auditor.ts';

export type AddAuditor = AuditorAdded['data'];

export function addAuditor(command: AddAuditor, state: AuditorState): AuditorEvent[] {
  if (state.status !== 'new') throw new Conflict(messages.server.auditorExists);
  return [{ type: 'AuditorAdded', data: command }];
}
