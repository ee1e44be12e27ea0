/**
 * Sign-in and sign-up forms (spec section 2 table, sections 4, 5 and 8). The drafts stay
 * here; submitting dispatches to the session saga, whose outcome shows green or red under
 * the form; on success the page moves on after 1000 ms. A sign-up is checked with the
 * server's own request schema first, so a broken rule reads as the server would say it.
 */
import { Button, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { checkRequest, customerRegisterRequest, messages, ownerRegisterRequest, timings, type Role } from '@stays/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Notice } from '../../../components/Notice.tsx';
import { returnPathOf, withReturnTo } from '../../../lib/return-to.ts';
import { useDispatch, useSelector } from 'react-redux';
import { selectNoticeFor, selectSessionLoading } from '../session.selectors.ts';
import { sessionActions, type SessionForm } from '../session.slice.ts';
import { GoogleButton } from './GoogleButton.tsx';

const ui = messages.ui;
const signInNotice = selectNoticeFor('signIn');
const deleteNotice = selectNoticeFor('delete');
const signUpNotice = selectNoticeFor('signUp');

const homeOf = (role: Role) => (role === 'customer' ? '/' : '/hotel-details');

/**
 * After a success notice, go to `to` after the redirect delay (a Google sign-in from a
 * sign-up page goes where a sign-in goes); clears old notices when the form opens. A sign-in
 * goes back to the page the visitor came from (`back`: the page's `redirect`, return-to.ts),
 * else to the role's home; a sign-up takes that page on to the sign-in page.
 */
function useOutcome(form: SessionForm, to: string, role: Role) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const back = returnPathOf(useLocation().search);
  const formNotice = useSelector(form === 'signIn' ? signInNotice : signUpNotice);
  const googleNotice = useSelector(signInNotice);
  const notice = form === 'signUp' && googleNotice !== null ? googleNotice : formNotice;
  const target = notice?.form === 'signIn' ? (back ?? homeOf(role)) : withReturnTo(to, back);
  useEffect(() => {
    dispatch(sessionActions.noticeCleared());
  }, [dispatch]);
  useEffect(() => {
    if (notice?.ok !== true) return;
    const timer = setTimeout(() => navigate(target), timings.redirectAfterAuthMs);
    return () => clearTimeout(timer);
  }, [notice, navigate, target]);
  return { notice, back };
}

function Field(props: { label: string; type?: string; value: string; onChange: (v: string) => void; autoComplete?: string; required?: boolean }) {
  const id = useId();
  return (
    <FormGroup label={props.label} labelFor={id}>
      <InputGroup
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        required={props.required}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FormGroup>
  );
}

export function SignInForm({ role }: { role: Role }) {
  const dispatch = useDispatch();
  const loading = useSelector(selectSessionLoading);
  const isCustomer = role === 'customer';
  // an account deleted a moment ago says so here, where the guard led (read before the form clears old notices)
  const deleted = useSelector(deleteNotice);
  // …as does a password just reset, passed by the reset page
  const passed = (useLocation().state as { notice?: string } | null)?.notice;
  const [farewell] = useState(deleted?.text ?? passed ?? null);
  const { notice, back } = useOutcome('signIn', homeOf(role), role);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      // The customer form says so; the owner form silently stops (spec section 5).
      setMissing(isCustomer);
      return;
    }
    setMissing(false);
    dispatch(sessionActions.signInRequested({ role, email: email.trim(), password }));
  };

  return (
    <Card className="auth-card">
      <h1>{isCustomer ? ui.signInCustomerTitle : ui.signInHotelTitle}</h1>
      {notice === null && <Notice ok text={farewell} />}
      <form onSubmit={submit} noValidate={!isCustomer}>
        <Field label={isCustomer ? ui.emailLabel : ui.ownerEmailLabel} type="email" value={email} onChange={setEmail} autoComplete="email" />
        <Field label={ui.passwordLabel} type="password" value={password} onChange={setPassword} autoComplete="current-password" />
        <Button
          type="submit"
          fill
          intent={Intent.PRIMARY}
          loading={false}
          disabled={loading || (isCustomer && (email === '' || password === ''))}
          text={loading ? ui.signingIn : ui.signIn}
        />
      </form>
      <p className="auth-switch">
        <Link to={isCustomer ? '/forgot-password' : '/forgot-password?for=owner'}>{messages.passwordReset.forgotPasswordLink}</Link>
      </p>
      <GoogleButton onCredential={(credential) => dispatch(sessionActions.googleSignInRequested({ role, credential }))} />
      <p className="auth-switch">
        <Link to={withReturnTo(isCustomer ? '/signup-user' : '/signup-hotel-owner', back)}>{isCustomer ? ui.newCustomer : ui.newHotelOwner}</Link>
      </p>
      {missing && <Notice ok={false} text={ui.emailAndPasswordRequired} />}
      <Notice ok={notice?.ok ?? false} text={notice?.text} />
    </Card>
  );
}

export function OwnerSignUpForm() {
  const dispatch = useDispatch();
  const loading = useSelector(selectSessionLoading);
  const { notice } = useOutcome('signUp', '/login-hotel-owner', 'hotel-owner');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || email.trim() === '' || password === '') return;
    const body = { name: name.trim(), email: email.trim(), password };
    const checked = checkRequest(ownerRegisterRequest, body);
    setProblem(checked.success ? null : checked.message);
    if (checked.success) dispatch(sessionActions.signUpRequested({ role: 'hotel-owner', body }));
  };

  return (
    <Card className="auth-card">
      <h1>{ui.signUpHotelTitle}</h1>
      <form onSubmit={submit}>
        <Field label={ui.ownerNameLabel} value={name} onChange={setName} autoComplete="name" required />
        <Field label={ui.ownerEmailLabel} type="email" value={email} onChange={setEmail} autoComplete="email" required />
        <Field label={ui.passwordLabel} type="password" value={password} onChange={setPassword} autoComplete="new-password" required />
        <Button type="submit" fill intent={Intent.PRIMARY} disabled={loading} text={loading ? ui.signingUp : ui.signUp} />
      </form>
      <GoogleButton onCredential={(credential) => dispatch(sessionActions.googleSignInRequested({ role: 'hotel-owner', credential }))} />
      <Notice ok={problem === null && (notice?.ok ?? false)} text={problem ?? notice?.text} />
    </Card>
  );
}

export function CustomerSignUpForm() {
  const dispatch = useDispatch();
  const loading = useSelector(selectSessionLoading);
  const { notice } = useOutcome('signUp', '/login-user', 'customer');
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const imageId = useId();

  useEffect(() => {
    if (image === null) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ([username, name, email].some((v) => v.trim() === '') || password === '' || image === null) return;
    const checked = checkRequest(customerRegisterRequest, { username: username.trim(), name: name.trim(), email: email.trim(), password });
    setProblem(checked.success ? null : checked.message);
    if (!checked.success) return;
    const form = new FormData();
    form.append('username', username.trim());
    form.append('name', name.trim());
    form.append('email', email.trim());
    form.append('password', password);
    form.append('profileImage', image);
    dispatch(sessionActions.signUpRequested({ role: 'customer', form }));
  };

  return (
    <Card className="auth-card">
      <h1>{ui.signUpCustomerTitle}</h1>
      <form onSubmit={submit}>
        <Field label={ui.usernameLabel} value={username} onChange={setUsername} autoComplete="username" required />
        <Field label={ui.nameLabel} value={name} onChange={setName} autoComplete="name" required />
        <Field label={ui.emailLabel} type="email" value={email} onChange={setEmail} autoComplete="email" required />
        <Field label={ui.passwordLabel} type="password" value={password} onChange={setPassword} autoComplete="new-password" required />
        <FormGroup label={ui.profileImageLabel} labelFor={imageId}>
          <input id={imageId} className="file-input" type="file" accept="image/*" required onChange={(event) => setImage(event.target.files?.[0] ?? null)} />
        </FormGroup>
        {preview !== null && <img src={preview} alt={ui.profileImagePreview} className="avatar-preview" />}
        <Button type="submit" fill intent={Intent.PRIMARY} disabled={loading} text={loading ? ui.signingUp : ui.signUp} />
      </form>
      <GoogleButton onCredential={(credential) => dispatch(sessionActions.googleSignInRequested({ role: 'customer', credential }))} />
      <Notice ok={problem === null && (notice?.ok ?? false)} text={problem ?? notice?.text} />
    </Card>
  );
}
