/**
 * Step 1 (spec sections 2 and 4): name, email, country code + mobile number, then OTP
 * send (enabled by the contracts phone rule), a 29 s resend countdown, the 30 s 'OTP sent
 * successfully!' notice, and Verify (exactly 6 characters). A refused send or verify says
 * why, as the server said it, where the spec shows nothing; a wait the server asks for
 * counts down on the send button.
 */
import { Button, FormGroup, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { COUNTRIES, limits, messages, otpPhoneLengthOk } from '@stays/contracts';
import { useEffect, useId, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { bookingActions, selectOtp } from '../booking.slice.ts';
import { Notice } from '../../../components/Notice.tsx';

const ui = messages.ui;

export interface ContactDraft {
  readonly name: string;
  readonly email: string;
  /** ISO code of the chosen country (dial codes repeat, e.g. +1). */
  readonly countryCode: string;
  readonly mobile: string;
}

const dialCodeOf = (countryCode: string): string => (COUNTRIES.find((c) => c.code === countryCode) ?? COUNTRIES[0]!).dialCode;

/**
 * Seconds until a new code may be asked for (the resend delay after a code went out, or the
 * wait the server asked for after a refusal, whichever ends later) and whether the 'OTP
 * sent' notice shows, ticking every second while either runs.
 */
function useOtpClock(sentAt: number | null, waitUntil: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null && waitUntil === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sentAt, waitUntil]);
  const elapsed = sentAt === null ? null : Math.max(0, Math.floor((now - sentAt) / 1000));
  const afterSend = elapsed === null ? 0 : Math.max(0, limits.otpResendSeconds - elapsed);
  const afterRefusal = waitUntil === null ? 0 : Math.max(0, Math.ceil((waitUntil - now) / 1000));
  return { remaining: Math.max(afterSend, afterRefusal), noticeShown: elapsed !== null && elapsed < limits.otpNoticeSeconds };
}

export function ContactDetails({ draft, onChange }: { draft: ContactDraft; onChange: (draft: ContactDraft) => void }) {
  const dispatch = useDispatch();
  const otp = useSelector(selectOtp);
  const [code, setCode] = useState('');
  const { remaining, noticeShown } = useOtpClock(otp.sentAt, otp.problem?.waitUntil ?? null);
  const ids = { name: useId(), email: useId(), country: useId(), mobile: useId(), otp: useId() };
  const verified = otp.status === 'verified';
  const phone = `${dialCodeOf(draft.countryCode)}${draft.mobile}`;
  const set = (patch: Partial<ContactDraft>) => onChange({ ...draft, ...patch });

  useEffect(() => {
    if (otp.sentAt === null) setCode('');
  }, [otp.sentAt]);
  // a code the server refused is cleared, for the next try
  useEffect(() => {
    if (otp.problem?.step === 'verify') setCode('');
  }, [otp.problem]);

  const send = () =>
    dispatch(bookingActions.otpSendRequested({ customerName: draft.name.trim(), customerEmail: draft.email.trim(), customerPhoneNumber: phone }));
  const verify = () => dispatch(bookingActions.otpVerifyRequested({ otp: code, customerEmail: draft.email.trim(), customerPhoneNumber: phone }));

  return (
    <div className="contact-details">
      <h2>{ui.bookingDetailsTitle}</h2>
      <FormGroup label={ui.fullNameLabel} labelFor={ids.name}>
        <InputGroup id={ids.name} value={draft.name} readOnly={verified} autoComplete="name" onChange={(e) => set({ name: e.target.value })} />
      </FormGroup>
      <FormGroup label={ui.emailLabel} labelFor={ids.email}>
        <InputGroup id={ids.email} type="email" value={draft.email} readOnly={verified} autoComplete="email" onChange={(e) => set({ email: e.target.value })} />
      </FormGroup>
      <div className="phone-row">
        <FormGroup label={ui.countryCodeLabel} labelFor={ids.country} className="country-code">
          <HTMLSelect
            id={ids.country}
            value={draft.countryCode}
            disabled={verified}
            onChange={(e) => set({ countryCode: e.target.value })}
            options={COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.dialCode})` }))}
          />
        </FormGroup>
        <FormGroup label={ui.mobileNumberLabel} labelFor={ids.mobile} className="mobile">
          <InputGroup
            id={ids.mobile}
            type="tel"
            inputMode="numeric"
            value={draft.mobile}
            readOnly={verified}
            autoComplete="tel-national"
            onChange={(e) => set({ mobile: e.target.value.replace(/[^\d]/g, '') })}
          />
        </FormGroup>
      </div>
      <div className="otp-row">
        {verified ? (
          <Tag intent={Intent.SUCCESS} icon="tick" size="large">
            {ui.verified}
          </Tag>
        ) : (
          <>
            {remaining > 0 ? (
              <Button disabled text={ui.resendOtpIn(remaining)} />
            ) : (
              <Button
                intent={Intent.PRIMARY}
                text={ui.sendOtp}
                loading={otp.status === 'sending'}
                disabled={!otpPhoneLengthOk(draft.mobile) || otp.status === 'sending'}
                onClick={send}
              />
            )}
            {otp.sentAt !== null && (
              <>
                <FormGroup label={ui.otpLabel} labelFor={ids.otp} inline className="otp-field">
                  <InputGroup
                    id={ids.otp}
                    value={code}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={limits.otpLength}
                    onChange={(e) => setCode(e.target.value.trim())}
                  />
                </FormGroup>
                <Button
                  intent={Intent.SUCCESS}
                  text={ui.verify}
                  loading={otp.status === 'verifying'}
                  disabled={code.length !== limits.otpLength || otp.status === 'verifying'}
                  onClick={verify}
                />
              </>
            )}
          </>
        )}
      </div>
      {noticeShown && !verified && otp.problem === null && (
        <p className="notice notice-ok" role="status">
          {ui.otpSent}
        </p>
      )}
      {!verified && <Notice ok={false} text={otp.problem?.text} />}
    </div>
  );
}
