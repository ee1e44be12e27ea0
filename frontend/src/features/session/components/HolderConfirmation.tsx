/**
 * Shown when a profile change touches the email or password: the current password, or
 * for an account that signs in only with Google, a fresh Google sign-in (its ID token is
 * sent with the change). The server decides which one the account needs.
 */
import { FormGroup, InputGroup } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useId } from 'react';
import { GoogleButton } from './GoogleButton.tsx';

const ui = messages.ui;

export interface HolderConfirmationProps {
  readonly currentPassword: string;
  readonly onCurrentPassword: (value: string) => void;
  readonly googleConfirmed: boolean;
  readonly onGoogleCredential: (credential: string) => void;
}

export function HolderConfirmation({ currentPassword, onCurrentPassword, googleConfirmed, onGoogleCredential }: HolderConfirmationProps) {
  const id = useId();
  return (
    <div className="holder-confirmation">
      <FormGroup label={ui.currentPasswordLabel} labelFor={id}>
        <InputGroup id={id} type="password" value={currentPassword} autoComplete="current-password" onChange={(e) => onCurrentPassword(e.target.value)} />
      </FormGroup>
      <p className="muted">{ui.confirmWithGoogleHint}</p>
      {googleConfirmed ? (
        <p className="notice" role="status">
          {ui.confirmedWithGoogle}
        </p>
      ) : (
        <GoogleButton text={ui.confirmWithGoogle} onCredential={onGoogleCredential} />
      )}
    </div>
  );
}
