import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';

type PhotoUploadProps = { onSelect: (file: File) => void; disabled?: boolean; fileName?: string | null };

const accepted = ['image/png', 'image/jpeg'];

/**
 * Photo upload area: a button-like drop zone (click, Enter/Space, or drop a file).
 * Any file is handed on; the validation step reports what is wrong with it in Japanese.
 */
export function PhotoUpload({ onSelect, disabled = false, fileName }: PhotoUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const open = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onSelect(file);
  };

  return (
    <div>
      {/* Named by its own text, no aria-label: the visible label must be part of the accessible name (WCAG 2.5.3). */}
      <div
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        onClick={open}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="photo-upload"
        className={`group flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50/60 hover:border-indigo-400 hover:bg-indigo-50/40'
        } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-white text-indigo-600 shadow-sm ring-1 ring-slate-200 transition-transform group-hover:scale-105">
          <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
          </svg>
        </span>
        <span className="text-sm font-semibold text-slate-900">Click to upload your photo</span>
        <span className="text-xs text-slate-500">PNG, JPG up to 10MB</span>
        {fileName ? (
          <span className="max-w-full truncate rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200" title={fileName}>
            {fileName}
          </span>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={accepted.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onSelect(file);
          event.target.value = ''; // choosing the same file again still triggers a check
        }}
      />
    </div>
  );
}
