/**
 * The owner's "Cancellation policy" section of the update hotel page: free until N days
 * before check-in, then the first night or a percentage. Its draft lives here; the page
 * passes the hotel's policy, the saving flag and the outcome.
 */
import { Button, FormGroup, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { describePolicy, messages, type CancellationPolicy, type LateChargeKind } from '@stays/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Notice } from '../../../components/Notice.tsx';
import { draftFromPolicy, type PolicyDraft } from '../policy-draft.ts';

const texts = messages.cancellationPolicy;

interface CancellationPolicyFormProps {
  readonly policy: CancellationPolicy;
  readonly saving: boolean;
  readonly error: string | null;
  readonly success: string | null;
  readonly onSubmit: (draft: PolicyDraft) => void;
}

export function CancellationPolicyForm({ policy, saving, error, success, onSubmit }: CancellationPolicyFormProps) {
  const [draft, setDraft] = useState<PolicyDraft>(() => draftFromPolicy(policy));
  const ids = { heading: useId(), days: useId(), percent: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <section className="detail-section cancellation-policy-form" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{texts.heading}</h2>
      <p className="muted">{describePolicy(policy)}</p>
      <p>{texts.formIntro}</p>
      <form onSubmit={submit} noValidate>
        <FormGroup label={texts.freeUntilLabel} labelFor={ids.days}>
          <InputGroup
            id={ids.days}
            inputMode="numeric"
            value={draft.freeUntilDaysBefore}
            onChange={(e) => setDraft({ ...draft, freeUntilDaysBefore: e.target.value })}
          />
        </FormGroup>
        <RadioGroup
          label={texts.lateChargeLabel}
          selectedValue={draft.kind}
          onChange={(e) => setDraft({ ...draft, kind: e.currentTarget.value as LateChargeKind })}
        >
          <Radio label={texts.firstNightOption} value="first-night" />
          <Radio label={texts.percentageOption} value="percentage" />
        </RadioGroup>
        {draft.kind === 'percentage' && (
          <FormGroup label={texts.percentLabel} labelFor={ids.percent}>
            <InputGroup
              id={ids.percent}
              inputMode="numeric"
              value={draft.percent}

              onChange={(e) => setDraft({ ...draft, percent: e.target.value })}
            />
          </FormGroup>
        )}
        <Button type="submit" intent={Intent.PRIMARY} text={texts.saveButton} loading={saving} />
        <Notice ok={false} text={error} />
        <Notice ok text={success} />
      </form>
    </section>
  );
}
