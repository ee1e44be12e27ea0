/** `/login-auditor`: email and password, the outcome under the form, then on to `/audit` (like the other sign-in forms). */
import { Button, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { auditMessages, messages, timings } from '@stays/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { Notice } from '../../../components/Notice.tsx';
import { selectAuditor, selectAuditorSignIn } from '../audit.selectors.ts';
import { auditActions } from '../audit.slice.ts';

const ui = messages.ui;
const texts = auditMessages;

export function AuditorSignInForm() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { loading, error, message } = useSelector(selectAuditorSignIn);
  const auditor = useSelector(selectAuditor);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (auditor === null || message === null) return;
    const timer = setTimeout(() => navigate('/audit'), timings.redirectAfterAuthMs);
    return () => clearTimeout(timer);
  }, [auditor, message, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') return setMissing(true);
    setMissing(false);
    dispatch(auditActions.signInRequested({ email: email.trim(), password }));
  };

  return (
    <Card className="auth-card">
      <h1>{texts.signInTitle}</h1>
      <form onSubmit={submit}>
        <FormGroup label={texts.emailLabel} labelFor={emailId}>
          <InputGroup id={emailId} type="email" value={email} autoComplete="email" onChange={(event) => setEmail(event.target.value)} />
        </FormGroup>
        <FormGroup label={ui.passwordLabel} labelFor={passwordId}>
          <InputGroup id={passwordId} type="password" value={password} autoComplete="current-password" onChange={(event) => setPassword(event.target.value)} />
        </FormGroup>
        <Button type="submit" fill intent={Intent.PRIMARY} disabled={loading} text={loading ? ui.signingIn : ui.signIn} />
      </form>
      {missing && <Notice ok={false} text={ui.emailAndPasswordRequired} />}
      <Notice ok={error === null} text={error ?? message} />
    </Card>
  );
}
