import type { Profile } from '@bufete/shared/profile';
import { initialsOf } from '@bufete/shared/names';
import { cn } from '@/lib/utils';

/** The profile photo when there is one, otherwise the initials. */
export function UserAvatar({ profile, className }: { profile: Profile | null; className?: string }) {
  return (
    <span
      className={cn('inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-blue-100 text-sm font-semibold text-blue-800', className)}
      aria-hidden
    >
      {profile?.avatar_url ? <img src={profile.avatar_url} alt="" className="size-full object-cover" /> : initialsOf(profile)}
    </span>
  );
}
