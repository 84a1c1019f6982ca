/** The brand mark: a face silhouette with a sound wave, on the product's indigo-violet gradient. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true">
      <defs>
        <linearGradient id="af-logo-gradient" x1="0" y1="0" x2="40" y2="40" gradientUnits="userSpaceOnUse">
          <stop stopColor="#6366f1" />
          <stop offset="1" stopColor="#a855f7" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill="url(#af-logo-gradient)" />
      <circle cx="16" cy="15" r="5.5" fill="white" />
      <path d="M6.5 31c1.2-5.6 5-8.5 9.5-8.5s8.3 2.9 9.5 8.5" fill="white" />
      <path d="M27 13.5c1.6 1.6 1.6 4.4 0 6M30.5 10.5c3.2 3.2 3.2 8.8 0 12" stroke="white" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function Brand({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">Avatar Factory</span>
    </span>
  );
}
