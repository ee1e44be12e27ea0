/** @jsxRuntime automatic (also when unit tests load this module under Node, where tsx applies no tsconfig to the web client) */
/**
 * 'CONTINUE WITH GOOGLE'. With VITE_GOOGLE_CLIENT_ID set it loads Google Identity
 * Services and hands the ID token to `onCredential`; without it the button explains that
 * Google sign-in is not configured. External sign-in errors are only logged (spec 7).
 */
import { Button } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useState } from 'react';
import { config } from '../../../config/env.ts';

interface GoogleId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
  prompt(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

let gisScript: Promise<void> | null = null;
function loadGis(): Promise<void> {
  gisScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      gisScript = null;
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.appendChild(script);
  });
  return gisScript;
}

export function GoogleButton({ onCredential, text = messages.ui.continueWithGoogle }: { onCredential: (credential: string) => void; text?: string }) {
  const [note, setNote] = useState<string | null>(null);
  const start = async () => {
    if (config.googleClientId === '') {
      setNote(messages.ui.googleNotConfigured);
      return;
    }
    try {
      await loadGis();
      const id = window.google?.accounts?.id;
      if (id === undefined) throw new Error('Google Identity Services is unavailable');
      id.initialize({
        client_id: config.googleClientId,
        callback: (response) => {
          if (response.credential) onCredential(response.credential);
        },
      });
      id.prompt();
    } catch (error) {
      console.error(error);
    }
  };
  return (
    <div className="google">
      <Button fill icon="globe" text={text} onClick={() => void start()} />
      {note !== null && (
        <p className="notice notice-error" role="alert">
          {note}
        </p>
      )}
    </div>
  );
}
