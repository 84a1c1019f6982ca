/** A numbered step title of the creation form ('three simple steps'). */
export function StepHeading({ step, title, id }: { step: number; title: string; id?: string }) {
  return (
    <h2 id={id} className="flex items-center gap-3 text-base font-semibold text-slate-900">
      <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">
        {step}
      </span>
      <span>
        <span className="sr-only">Step {step}: </span>
        {title}
      </span>
    </h2>
  );
}
