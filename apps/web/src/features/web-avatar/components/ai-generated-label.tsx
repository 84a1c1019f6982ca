import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';

type AiGeneratedLabelProps = { productName: string; className?: string };

/**
 * The 'AI-generated' label over the public avatar. Always
 * shown: no prop, query parameter or embed option turns it off. Its explanation opens on mouse
 * hover, on keyboard focus and on a tap or click (which keeps it open until a second tap, a tap
 * elsewhere or Escape). Screen readers hear it as the button's description whether open or not.
 */
export function AiGeneratedLabel({ productName, className }: AiGeneratedLabelProps) {
  const [open, setOpen] = useState(false);
  const pinned = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const explanationId = useId();

  const close = () => {
    pinned.current = false;
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={cn('relative', className)}
      data-testid="ai-generated-label"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && !pinned.current) setOpen(false);
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={explanationId}
        aria-describedby={explanationId}
        onClick={() => {
          // A click pins what hover or focus opened; a second one closes it.
          pinned.current = !pinned.current;
          setOpen(pinned.current);
        }}
        onFocus={(event) => {
          // Keyboard focus opens it; a tap's focus leaves that to the click.
          if (event.currentTarget.matches(':focus-visible')) setOpen(true);
        }}
        onBlur={close}
        className="inline-flex min-h-7 items-center gap-1.5 rounded-full bg-slate-900/85 px-2.5 py-1 text-xs leading-none font-semibold tracking-wide text-white shadow-md ring-1 ring-white/30 backdrop-blur-sm hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400"
      >
        <svg className="size-3.5 shrink-0" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M11 2.5 12.9 8 18.5 10 12.9 12 11 17.5 9.1 12 3.5 10 9.1 8ZM18.5 14.5l.9 2.6 2.6.9-2.6.9-.9 2.6-.9-2.6-2.6-.9 2.6-.9Z" />
        </svg>
        AI-generated
      </button>
      <div
        id={explanationId}
        hidden={!open}
        className="absolute top-full left-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-3 text-left text-sm leading-snug text-slate-700 shadow-lg ring-1 ring-slate-200"
      >
        <p className="font-semibold text-slate-900">An AI-generated avatar</p>
        <p className="mt-1">
          This face, its movements and its voice are synthetic, made by {productName} from a photo. Nothing here is a recording of the person shown: visitors type what it
          says.
        </p>
      </div>
    </div>
  );
}
