/** @jsxRuntime automatic (also when unit tests load this module under Node, where tsx applies no tsconfig to the web client) */
/**
 * Shown when a profile change touches the email or password: the current password, or
 * for an account that signs in only with Google, a fresh Google sign-in (its ID token is
 * sent with the change). The server decides which one the account needs; the form offers
 * only that one, and both for a session kept from before the client knew (`hasPassword`
 * absent).
 */
import { FormGroup, InputGroup } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useId } from 'react';
import { GoogleButton } from './GoogleButton.tsx';

const ui = messages.ui;

export interface HolderConfirmationProps {
  readonly hasPassword: boolean | undefined;
  readonly currentPassword: string;
  readonly onCurrentPassword: (value: string) => void;
  readonly googleConfirmed: boolean;
  readonly onGoogleCredential: (credential: string) => void;
}

export function HolderConfirmation({ hasPassword, currentPassword, onCurrentPassword, googleConfirmed, onGoogleCredential }: HolderConfirmationProps) {
  const id = useId();
  const offersPassword = hasPassword !== false;
  const offersGoogle = hasPassword !== true;
  return (
    <div className="holder-confirmation">
      {offersPassword && (
        <FormGroup label={ui.currentPasswordLabel} labelFor={id}>
          <InputGroup id={id} type="password" value={currentPassword} autoComplete="current-password" onChange={(e) => onCurrentPassword(e.target.value)} />
        </FormGroup>
      )}
      {offersGoogle && <p className="muted">{offersPassword ? ui.confirmWithGoogleHint : ui.confirmWithGoogleOnlyHint}</p>}
      {offersGoogle &&
        (googleConfirmed ? (
          <p className="notice" role="status">
            {ui.confirmedWithGoogle}
          </p>
        ) : (
          <GoogleButton text={ui.confirmWithGoogle} onCredential={onGoogleCredential} />
        ))}
    </div>
  );
}
