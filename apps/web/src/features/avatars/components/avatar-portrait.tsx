import { Spinner } from '../../../components/ui/spinner';
import { useAvatarImage } from '../hooks/use-avatar-image';

type AvatarPortraitProps = { avatarId: string; avatarName: string; available: boolean; processing: boolean };

/** The avatar's portrait, fetched with the token once the avatar exists (its result is set). */
export function AvatarPortrait({ avatarId, avatarName, available, processing }: AvatarPortraitProps) {
  const image = useAvatarImage(available ? avatarId : null);
  return (
    <div className="relative aspect-square overflow-hidden bg-gradient-to-br from-slate-100 to-slate-200">
      {image.url ? (
        <img src={image.url} alt={`${avatarName} avatar`} className="size-full object-cover" data-testid="avatar-image" />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-2 text-slate-400">
          {processing ? (
            <>
              <Spinner className="size-8" label="Generating" />
              <span className="text-xs font-medium text-slate-500">Generating your avatar…</span>
            </>
          ) : (
            <svg className="size-12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" aria-hidden="true">
              <circle cx="12" cy="9" r="4" />
              <path d="M4.5 20c1-3.8 4-5.8 7.5-5.8s6.5 2 7.5 5.8" />
            </svg>
          )}
        </div>
      )}
    </div>
  );
}
