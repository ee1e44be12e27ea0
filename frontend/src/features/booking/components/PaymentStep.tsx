/**
 * Step 2 (spec section 2): 'Pay at hotel' books after a cross-check confirm; 'Pay now'
 * shows cards, net banking and UPI — display only, nothing is submitted.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent, Radio, RadioGroup, Tab, Tabs } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Notice } from '../../../components/Notice.tsx';

const ui = messages.ui;
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));
const YEARS = Array.from({ length: 2100 - 1900 + 1 }, (_, i) => String(1900 + i));

function DisplayOnlyPay({ payable }: { payable: string }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <Button intent={Intent.SUCCESS} text={ui.payAmount(payable)} onClick={() => setShown(true)} />
      {shown && <Notice ok={false} text={ui.onlinePaymentNotice} />}
    </>
  );
}

function Cards({ payable }: { payable: string }) {
  const ids = { number: useId(), name: useId(), month: useId(), year: useId(), cvv: useId() };
  // The card's expiry starts at this month, not a month already past.
  const thisYear = String(new Date().getFullYear());
  return (
    <div className="pay-form">
      <FormGroup label={ui.cardNumberLabel} labelFor={ids.number}>
        <InputGroup id={ids.number} inputMode="numeric" autoComplete="cc-number" />
      </FormGroup>
      <FormGroup label={ui.nameOnCardLabel} labelFor={ids.name}>
        <InputGroup id={ids.name} autoComplete="cc-name" />
      </FormGroup>
      <div className="inline-fields">
        <FormGroup label={ui.expiryMonthLabel} labelFor={ids.month}>
          <HTMLSelect id={ids.month} options={MONTHS} defaultValue={String(new Date().getMonth() + 1)} />
        </FormGroup>
        <FormGroup label={ui.expiryYearLabel} labelFor={ids.year}>
          <HTMLSelect id={ids.year} options={YEARS} defaultValue={thisYear} />
        </FormGroup>
        <FormGroup label={ui.cvvLabel} labelFor={ids.cvv}>
          <InputGroup id={ids.cvv} inputMode="numeric" maxLength={4} autoComplete="cc-csc" />
        </FormGroup>
      </div>
      <DisplayOnlyPay payable={payable} />
    </div>
  );
}

function Choice({ label, options, payable, extra }: { label: string; options: readonly string[]; payable: string; extra?: ReactNode }) {
  const [value, setValue] = useState(options[0] ?? '');
  return (
    <div className="pay-form">
      <RadioGroup label={label} selectedValue={value} onChange={(e) => setValue(e.currentTarget.value)}>
        {options.map((option) => (
          <Radio key={option} label={option} value={option} />
        ))}
      </RadioGroup>
      {extra}
      <DisplayOnlyPay payable={payable} />
    </div>
  );
}

function UpiId() {
  const id = useId();
  return (
    <FormGroup label={ui.upiIdLabel} labelFor={id}>
      <InputGroup id={id} />
    </FormGroup>
  );
}

interface PaymentStepProps {
  readonly payable: string;
  readonly submitting: boolean;
  readonly error: string | null;
  /** After a refusal for want of units: the nearest check-in free for as many nights (the summary says it), offered with `onMoveCheckIn`. */
  readonly nearestCheckIn?: string | null;
  readonly onMoveCheckIn?: (date: string) => void;
  readonly onBook: () => void;
  readonly onBack: () => void;
}

export function PaymentStep({ payable, submitting, error, nearestCheckIn = null, onMoveCheckIn, onBook, onBack }: PaymentStepProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="payment-step">
      <div className="step-heading">
        <Button icon="arrow-left" variant="minimal" text={ui.back} onClick={onBack} />
        <h2>{ui.paymentTitle}</h2>
      </div>
      <Tabs id="payment" renderActiveTabPanelOnly>
        <Tab
          id="hotel"
          title={ui.payAtHotel}
          panel={
            <div className="pay-at-hotel">
              <p className="lead">{ui.noNeedToPayToday}</p>
              <Button intent={Intent.SUCCESS} size="large" text={ui.bookNowButton} onClick={() => setConfirming(true)} disabled={submitting} />
            </div>
          }
        />
        <Tab
          id="now"
          title={ui.payNow}
          panel={
            <Tabs id="pay-now" renderActiveTabPanelOnly>
              <Tab id="cards" title={ui.cardsTab} panel={<Cards payable={payable} />} />
              <Tab id="banks" title={ui.netBankingTab} panel={<Choice label={ui.chooseBankLabel} options={ui.netBanks} payable={payable} />} />
              <Tab id="upi" title={ui.upiTab} panel={<Choice label={ui.chooseUpiLabel} options={ui.upiApps} payable={payable} extra={<UpiId />} />} />
            </Tabs>
          }
        />
      </Tabs>
      <Notice ok={false} text={error} />
      {error !== null && nearestCheckIn !== null && onMoveCheckIn !== undefined && (
        <div className="nearest-offer">
          <Button intent={Intent.PRIMARY} icon="calendar" text={ui.moveStayTo(nearestCheckIn)} onClick={() => onMoveCheckIn(nearestCheckIn)} />
        </div>
      )}
      <Dialog isOpen={confirming} onClose={() => setConfirming(false)} title={ui.confirmBookingTitle}>
        <DialogBody>
          <p>{ui.crossCheck}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={ui.back} onClick={() => setConfirming(false)} />
              <Button
                intent={Intent.SUCCESS}
                text={submitting ? ui.booking : ui.book}
                loading={submitting}
                onClick={() => {
                  setConfirming(false);
                  onBook();
                }}
              />
            </>
          }
        />
      </Dialog>
    </div>
  );
}
