/**
 * Forgotten passwords, for guests and owners alike (`role` comes from the page's `for`
 * parameter): asking for a link always ends in the same neutral notice, whether or not the
 * email has an account; the reset form checks the two passwords agree and shows the
 * sign-up rules, says why a link does not work with a way to ask for a new one, and after
 * success goes to the role's sign-in page with the server's message. The drafts and the one
 * call's outcome belong to the page alone, so they stay in component state.
 */
import { Button, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { PASSWORD_RESET_LINK_MINUTES, limits, messages, type Role } from '@stays/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Notice } from '../../../components/Notice.tsx';
import { errorText } from '../../../lib/errors.ts';
import { passwordResetApi } from '../api/password-reset-api.ts';

const said = messages.passwordReset;
const ui = messages.ui;

export const signInPathOf = (role: Role) => (role === 'hotel-owner' ? '/login-hotel-owner' : '/login-user');
export const forgotPathOf = (role: Role) => (role === 'hotel-owner' ? '/forgot-password?for=owner' : '/forgot-password');
/** The link's messages that a new link cures. */
const linkRefusals: readonly string[] = [said.linkInvalid, said.linkUsed, said.linkReplaced, said.linkExpired(PASSWORD_RESET_LINK_MINUTES)];

function PasswordField(props: { label: string; value: string; onChange: (value: string) => void; autoComplete: string; helper?: string }) {
  const id = useId();
  return (
    <FormGroup label={props.label} labelFor={id} helperText={props.helper}>
      <InputGroup
        id={id}
        type="password"
        value={props.value}
        autoComplete={props.autoComplete}
        required
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FormGroup>
  );
}

export function ForgotPasswordForm({ role }: { role: Role }) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const emailId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return;
    setSending(true);
    try {
      const { message } = await passwordResetApi.askForLink(role, { email: email.trim() });
      setOutcome({ ok: true, text: message });
    } catch (error) {
      setOutcome({ ok: false, text: errorText(error, ui.somethingWentWrong) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className="auth-card">
      <h1>{said.forgotTitle}</h1>
      <p>{said.forgotIntro}</p>
      <form onSubmit={submit}>
        <FormGroup label={role === 'hotel-owner' ? ui.ownerEmailLabel : ui.emailLabel} labelFor={emailId}>
          <InputGroup id={emailId} type="email" value={email} autoComplete="email" required onChange={(event) => setEmail(event.target.value)} />
        </FormGroup>
        <Button type="submit" fill intent={Intent.PRIMARY} disabled={sending} text={sending ? said.sendingLink : said.sendLink} />
      </form>
      <Notice ok={outcome?.ok ?? false} text={outcome?.text} />
      <p className="auth-switch">
        <Link to={signInPathOf(role)}>{said.backToSignIn}</Link>
      </p>
    </Card>
  );
}

export function ResetPasswordForm({ role, token }: { role: Role; token: string | null }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(token === null ? said.noTokenInLink : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (token === null) return;
    if (password !== confirmation) return setRefusal(said.passwordsDiffer);
    setSaving(true);
    setRefusal(null);
    try {
      const { message } = await passwordResetApi.resetPassword(role, { token, password });
      navigate(signInPathOf(role), { replace: true, state: { notice: message } });
    } catch (error) {
      setRefusal(errorText(error, said.resetFailed));
      setSaving(false);
    }
  };
  const linkSpent = refusal !== null && (refusal === said.noTokenInLink || linkRefusals.includes(refusal));

  return (
    <Card className="auth-card">
      <h1>{said.resetTitle}</h1>
      <form onSubmit={submit}>
        <PasswordField
          label={said.newPasswordLabel}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          helper={said.passwordRules(limits.password.min, limits.password.max)}
        />
        <PasswordField label={said.confirmPasswordLabel} value={confirmation} onChange={setConfirmation} autoComplete="new-password" />
        <Button type="submit" fill intent={Intent.PRIMARY} disabled={saving || token === null} text={saving ? said.settingPassword : said.setPassword} />
      </form>
      <Notice ok={false} text={refusal} />
      <p className="auth-switch">
        {linkSpent ? <Link to={forgotPathOf(role)}>{said.askNewLink}</Link> : <Link to={signInPathOf(role)}>{said.backToSignIn}</Link>}
      </p>
    </Card>
  );
}
