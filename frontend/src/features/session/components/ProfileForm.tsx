/**
 * The customer profile (spec section 2): photo with a remove control, username, email and
 * password (each sent only if filled), Update, Delete Account and Sign Out. A new email or
 * password also asks for the current password (or a Google confirmation).
 */
import { Alert, Button, FormGroup, InputGroup, Intent, Tooltip, Icon } from '@blueprintjs/core';
import { limits, messages, type SessionUser } from '@stays/contracts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../../components/Notice.tsx';
import { HolderConfirmation } from './HolderConfirmation.tsx';
import { useDispatch, useSelector } from 'react-redux';
import { selectSessionLoading } from '../session.selectors.ts';
import { sessionActions, type SessionState } from '../session.slice.ts';

const ui = messages.ui;
const MAX_BYTES = limits.profileImageMegabytes * 1024 * 1024;

export function ProfileForm({ user, extraActions }: { user: SessionUser; extraActions?: ReactNode }) {
  const dispatch = useDispatch();
  const loading = useSelector(selectSessionLoading);
  const notice = useSelector((state: { session: SessionState }) => state.session.notice);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [googleCredential, setGoogleCredential] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = { image: useId(), username: useId(), email: useId(), password: useId() };

  useEffect(() => {
    dispatch(sessionActions.noticeCleared());
  }, [dispatch]);
  useEffect(() => {
    if (image === null) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  useEffect(() => {
    if (notice?.form === 'update' && notice.ok) {
      setUsername('');
      setEmail('');
      setPassword('');
      setCurrentPassword('');
      setGoogleCredential(null);
      setImage(null);
    }
  }, [notice]);

  const needsConfirmation = email.trim() !== '' || password !== '';

  const update = (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    if (username.trim() !== '') form.append('username', username.trim());
    if (email.trim() !== '') form.append('email', email.trim());
    if (password !== '') form.append('password', password);
    if (needsConfirmation && currentPassword !== '') form.append('currentPassword', currentPassword);
    if (needsConfirmation && googleCredential !== null) form.append('googleCredential', googleCredential);
    if (image !== null) form.append('profileImage', image);
    if ([...form.keys()].length === 0) return;
    dispatch(sessionActions.updateRequested({ form }));
  };

  const removeImage = () => {
    const form = new FormData();
    form.append('removeProfileImage', 'true');
    dispatch(sessionActions.updateRequested({ form }));
  };

  const photo = preview ?? user.profileImage;
  const shownNotice = notice !== null && ['update', 'delete', 'signOut'].includes(notice.form) ? notice : null;

  return (
    <div className="profile">
      <h1>{ui.profileTitle}</h1>
      <form onSubmit={update} className="profile-form">
        <div className="profile-photo">
          <label htmlFor={ids.image} className="photo-picker" title={ui.changeProfileImage}>
            {photo ? (
              <img src={photo} alt={user.name} className="avatar-large" />
            ) : (
              <span className="avatar-large placeholder">
                <Icon icon="user" size={48} />
              </span>
            )}
            <span className="sr-only">{ui.changeProfileImage}</span>
          </label>
          <input
            id={ids.image}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              event.target.value = '';
              if (file !== null && file.size > MAX_BYTES) {
                setImageError(true);
                setImage(null);
                return;
              }
              setImageError(false);
              setImage(file);
            }}
          />
          {user.profileImage && (
            <Tooltip content={ui.removeProfileImage}>
              <Button
                className="remove-photo"
                icon="cross"
                size="small"
                intent={Intent.DANGER}
                aria-label={ui.removeProfileImage}
                onClick={removeImage}
                disabled={loading}
              />
            </Tooltip>
          )}
        </div>
        {imageError && <Notice ok={false} text={ui.profileImageTooLarge} />}
        <FormGroup label={ui.usernameLabel} labelFor={ids.username}>
          <InputGroup
            id={ids.username}
            value={username}
            placeholder={user.username ?? ''}
            autoComplete="username"
            onChange={(e) => setUsername(e.target.value)}
          />
        </FormGroup>
        <FormGroup label={ui.emailLabel} labelFor={ids.email}>
          <InputGroup id={ids.email} type="email" value={email} placeholder={user.email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />
        </FormGroup>
        <FormGroup label={ui.passwordLabel} labelFor={ids.password}>
          <InputGroup id={ids.password} type="password" value={password} autoComplete="new-password" onChange={(e) => setPassword(e.target.value)} />
        </FormGroup>
        {needsConfirmation && (
          <HolderConfirmation
            hasPassword={user.hasPassword}
            currentPassword={currentPassword}
            onCurrentPassword={setCurrentPassword}
            googleConfirmed={googleCredential !== null}
            onGoogleCredential={setGoogleCredential}
          />
        )}
        <Button type="submit" fill intent={Intent.PRIMARY} text={loading ? ui.updating : ui.update} disabled={loading} />
      </form>
      <div className="profile-actions">
        <Link to="/" className="book-hotel-link">
          {ui.bookHotel}
        </Link>
        {extraActions}
      </div>
      <div className="profile-actions">
        <Button intent={Intent.DANGER} variant="minimal" text={ui.deleteAccount} onClick={() => setConfirmDelete(true)} />
        <Button intent={Intent.DANGER} variant="minimal" text={ui.signOut} onClick={() => dispatch(sessionActions.signOutRequested())} />
      </div>
      {shownNotice && <Notice ok={shownNotice.ok} text={shownNotice.ok && shownNotice.form === 'update' ? ui.userUpdated : shownNotice.text} />}
      <Alert
        isOpen={confirmDelete}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={ui.deleteAccount}
        cancelButtonText={ui.cancel}
        onConfirm={() => {
          setConfirmDelete(false);
          dispatch(sessionActions.deleteRequested());
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>{ui.confirmDeleteAccount}</p>
      </Alert>
    </div>
  );
}
