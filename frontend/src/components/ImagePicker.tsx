/**
 * Choosing images (Blueprint's FileInput, or dropped on the picker), then an upload button
 * that checks how many were chosen (the count rule is the caller's): on error the message
 * shows in red (until another choice) and the selection is cleared. Chosen images are previewed small until
 * uploaded; accepted ones are previewed below.
 */
import { Button, FileInput, Icon } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Notice } from './Notice.tsx';

const ui = messages.ui;

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

const imagesOf = (files: FileList | null): File[] => [...(files ?? [])].filter((file) => file.type.startsWith('image/'));

export function ImagePicker({ label, buttonText, validate, accepted, onAccepted, readyText, previewAlt, disabled = false }: ImagePickerProps) {
  const ids = { input: useId(), label: useId(), hint: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  /** A new choice replaces the last refusal: its message was about the files no longer chosen. */
  const choose = (files: File[]) => {
    setChosen(files);
    setError(null);
  };
  const clearChoice = () => {
    setChosen([]);
    if (input.current !== null) input.current.value = '';
  };

  const upload = () => {
    const problem = validate(chosen.length);
    if (problem !== null) {
      setError(problem);
      clearChoice();
      onAccepted([]);
      return;
    }
    setError(null);
    onAccepted(chosen);
    clearChoice();
  };

  const dragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault(); // lets the drop happen here instead of the browser opening the file
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    choose(imagesOf(event.dataTransfer.files));
    // the input holds what was dropped, as if it had been browsed
    if (input.current !== null) input.current.files = event.dataTransfer.files;
  };

  return (
    <div className="image-picker">
      <label id={ids.label} htmlFor={ids.input} className="image-picker-label">
        {label}
      </label>
      <div
        className={`image-drop${dragging ? ' dragging' : ''}${disabled ? ' disabled' : ''}`}
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDrop={drop}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
      >
        <p id={ids.hint} className="image-drop-hint">
          <Icon icon="camera" /> {ui.dropImagesHint}
        </p>
        <div className="image-picker-row">
          <FileInput
            className="image-file-input"
            fill
            disabled={disabled}
            buttonText={ui.browseImages}
            text={chosen.length === 0 ? ui.chooseImages : ui.imagesChosen(chosen.length)}
            hasSelection={chosen.length > 0}
            inputProps={{ id: ids.input, ref: input, multiple: true, accept: 'image/*', 'aria-labelledby': ids.label, 'aria-describedby': ids.hint }}
            onInputChange={(event) => choose(imagesOf(event.currentTarget.files))}
          />
          <Button text={buttonText} icon="camera" intent="primary" onClick={upload} disabled={disabled} />
        </div>
        <FilePreviews files={chosen} alt={ui.chosenImage} className="pending" />
      </div>
      <Notice ok={false} text={error} />
      {accepted.length > 0 && <p className="notice notice-ok">{readyText(accepted.length)}</p>}
      <FilePreviews files={accepted} alt={previewAlt} />
    </div>
  );
}

/** Previews of files (object URLs, revoked when the files change). */
function FilePreviews({ files, alt, className = '' }: { files: readonly File[]; alt: (index: number) => string; className?: string }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  // the URLs follow the files one render later: none are shown for files no longer there
  if (files.length === 0 || urls.length === 0) return null;
  return (
    <ul className={`image-previews ${className}`}>
      {urls.map((url, index) => (
        <li key={url}>
          <img src={url} alt={alt(index + 1)} />
        </li>
      ))}
    </ul>
  );
}
