/**
 * Choosing images, then an upload button that checks how many were chosen (the count rule
 * is the caller's): on error the message shows in red and the selection is cleared.
 * Accepted images are previewed.
 */
import { Button } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Notice } from './Notice.tsx';

interface ImagePickerProps {
  readonly label: string;
  readonly buttonText: string;
  readonly validate: (count: number) => string | null;
  readonly accepted: readonly File[];
  readonly onAccepted: (files: File[]) => void;
  readonly readyText: (count: number) => string;
  readonly previewAlt: (index: number) => string;
  readonly disabled?: boolean;
}

export function ImagePicker({ label, buttonText, validate, accepted, onAccepted, readyText, previewAlt, disabled }: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  const upload = () => {
    const problem = validate(chosen.length);
    if (problem !== null) {
      setError(problem);
      setChosen([]);
      if (input.current !== null) input.current.value = '';
      onAccepted([]);
      return;
    }
    setError(null);
    onAccepted(chosen);
  };

  return (
    <div className="image-picker">
      <label htmlFor={id} className="image-picker-label">{label}</label>
      <div className="image-picker-row">
        <input id={id} ref={input} type="file" multiple accept="image/*" className="file-input" disabled={disabled}
          onChange={(event) => setChosen([...(event.target.files ?? [])].filter((file) => file.type.startsWith('image/')))} />
        <Button text={buttonText} icon="camera" onClick={upload} disabled={disabled} />
      </div>
      <Notice ok={false} text={error} />
      {accepted.length > 0 && <p className="notice notice-ok">{readyText(accepted.length)}</p>}
      <FilePreviews files={accepted} alt={previewAlt} />
    </div>
  );
}

/** Previews of chosen files (object URLs, revoked when the files change). */
function FilePreviews({ files, alt }: { files: readonly File[]; alt: (index: number) => string }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  if (urls.length === 0) return null;
  return (
    <ul className="image-previews">
      {urls.map((url, index) => <li key={url}><img src={url} alt={alt(index + 1)} /></li>)}
    </ul>
  );
}
