/** Whether the browser verified an event against the notary's signed tree head (see verify.ts), as a tag. */
import { Intent, Spinner, Tag } from '@blueprintjs/core';
import { auditMessages } from '@stays/contracts';
import type { VerdictState } from '../audit.slice.ts';

const texts = auditMessages;

export function VerdictMark({ verdict }: { verdict: VerdictState }) {
  if (verdict.verified === 'checking')
    return (
      <Tag minimal icon={<Spinner size={12} />}>
        {texts.verifying}
      </Tag>
    );
  if (verdict.verified)
    return (
      <Tag intent={Intent.SUCCESS} icon="tick-circle" title={texts.verifiedTitle(verdict.treeSize)}>
        {texts.verified}
      </Tag>
    );
  if (verdict.reason === 'pending')
    return (
      <Tag minimal intent={Intent.WARNING} title={texts.notVerifiedReasons.pending}>
        {texts.pendingHead}
      </Tag>
    );
  return (
    <Tag intent={Intent.DANGER} icon="cross-circle" title={texts.notVerifiedReasons[verdict.reason]}>
      {texts.notVerified}
    </Tag>
  );
}
