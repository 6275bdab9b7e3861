import { useState } from 'react';

/** The signed-in user as the shell needs it (matches the shape of a Firebase `User`). */
export interface ShellUser {
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
}

/** "Ada Lovelace" → "AL", "ada@example.com" → "A", nothing → "?". */
export function initialsFor(user: Pick<ShellUser, 'displayName' | 'email'>): string {
  const words = (user.displayName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (first) return `${first.charAt(0)}${last?.charAt(0) ?? ''}`.toUpperCase();
  const email = user.email?.trim();
  return email ? email.charAt(0).toUpperCase() : '?';
}

/** Round avatar: the photo, or initials when there is none or it fails to load. Decorative. */
export function Avatar({ user, className = 'size-8 text-xs' }: { user: ShellUser; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const photo = user.photoURL && user.photoURL !== failedUrl ? user.photoURL : null;
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200 ${className}`}
    >
      {photo ? (
        <img
          src={photo}
          alt=""
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailedUrl(photo)}
        />
      ) : (
        initialsFor(user)
      )}
    </span>
  );
}
