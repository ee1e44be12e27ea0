/**
 * The draft of an owner's form: what the owner has typed, replaced by a new starting draft
 * when the page passes one (the loaded hotel or room, or an empty one after saving), and
 * whether it was changed since the last submit, so the last outcome's error shows until
 * the owner changes the form again.
 */
import { useState } from 'react';

export interface FormDraft<T> {
  readonly draft: T;
  readonly edit: (update: (draft: T) => T) => void;
  /** Changed since the last submit. */
  readonly edited: boolean;
  /** The draft goes to the page: the next outcome is shown until the next change. */
  readonly submitted: () => void;
}

export function useFormDraft<T>(initial: T): FormDraft<T> {
  const [draft, setDraft] = useState<T>(initial);
  const [edited, setEdited] = useState(false);
  const [shown, setShown] = useState(initial);
  if (initial !== shown) {
    setShown(initial);
    setDraft(initial);
  }
  return {
    draft,
    edit: (update) => {
      setDraft(update);
      setEdited(true);
    },
    edited,
    submitted: () => setEdited(false),
  };
}
