/**
 * The owner profile (spec section 2), titled OWNER PROFILE: name, email and password
 * (each sent only if filled), UPDATE, Delete Account and Sign Out; the owner area's
 * buttons come from the page. A new email or password also asks for the holder's
 * confirmation, with the fields the page passes in as `Confirmation` (session feature).
 */
import { Alert, Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { messages, type OwnerUpdateRequest, type SessionUser } from '@stays/contracts';
import { useEffect, useId, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Notice } from '../../../components/Notice.tsx';

const ui = messages.ui;

interface Props {
  readonly user: SessionUser;
  readonly loading: boolean;
  readonly notice: { readonly ok: boolean; readonly text: string } | null;
  /** True once an update was saved: the fields are cleared. */
  readonly updated: boolean;
  readonly onUpdate: (body: OwnerUpdateRequest) => void;
  readonly onDelete: () => void;
  readonly onSignOut: () => void;
  /** The current password field and the Google confirmation, shown when the email or password changes. */
  readonly Confirmation: ComponentType<{
    hasPassword: boolean | undefined;
    currentPassword: string;
    onCurrentPassword: (value: string) => void;
    googleConfirmed: boolean;
    onGoogleCredential: (credential: string) => void;
  }>;
  readonly children?: ReactNode;
}

export function OwnerProfileForm({ user, loading, notice, updated, onUpdate, onDelete, onSignOut, Confirmation, children }: Props) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [googleCredential, setGoogleCredential] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = { name: useId(), email: useId(), password: useId() };

  useEffect(() => {
    if (updated) {
      setName('');
      setEmail('');
      setPassword('');
      setCurrentPassword('');
      setGoogleCredential(null);
    }
  }, [updated]);

  const needsConfirmation = email.trim() !== '' || password !== '';

  const update = (event: FormEvent) => {
    event.preventDefault();
    const body: OwnerUpdateRequest = {
      ...(name.trim() !== '' && { name: name.trim() }),
      ...(email.trim() !== '' && { email: email.trim() }),
      ...(password !== '' && { password }),
      ...(needsConfirmation && currentPassword !== '' && { currentPassword }),
      ...(needsConfirmation && googleCredential !== null && { googleCredential }),
    };
    if (Object.keys(body).length === 0) return;
    onUpdate(body);
  };

  return (
    <div className="profile owner-profile">
      <h1>{ui.ownerProfileTitle}</h1>
      <form onSubmit={update} className="profile-form">
        <FormGroup label={ui.nameLabel} labelFor={ids.name}>
          <InputGroup id={ids.name} value={name} placeholder={user.name} autoComplete="name" onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <FormGroup label={ui.emailLabel} labelFor={ids.email}>
          <InputGroup id={ids.email} type="email" value={email} placeholder={user.email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />
        </FormGroup>
        <FormGroup label={ui.passwordLabel} labelFor={ids.password}>
          <InputGroup id={ids.password} type="password" value={password} autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} />
        </FormGroup>
        {needsConfirmation && (
          <Confirmation
            hasPassword={user.hasPassword}
            currentPassword={currentPassword}
            onCurrentPassword={setCurrentPassword}
            googleConfirmed={googleCredential !== null}
            onGoogleCredential={setGoogleCredential}
          />
        )}
        <Button type="submit" fill intent={Intent.PRIMARY} text={loading ? ui.updating : ui.ownerUpdate} disabled={loading} />
      </form>
      {children}
      <div className="profile-actions">
        <Button intent={Intent.DANGER} variant="minimal" text={ui.deleteAccount} onClick={() => setConfirmDelete(true)} />
        <Button intent={Intent.DANGER} variant="minimal" text={ui.signOut} onClick={onSignOut} />
      </div>
      {notice && <Notice ok={notice.ok} text={notice.text} />}
      <Alert
        isOpen={confirmDelete}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={ui.deleteAccount}
        cancelButtonText={ui.cancel}
        onConfirm={() => {
          setConfirmDelete(false);
          onDelete();
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>{ui.confirmDeleteAccount}</p>
      </Alert>
    </div>
  );
}
