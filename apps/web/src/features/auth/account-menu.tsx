import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountDetailsPath } from '../account';
import { cn } from '../../lib/cn';
import { useLogout } from './api/logout';
import { useAuthStore } from './auth-store';
import { useProfile } from './profile';

const LogOutIcon = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />
  </svg>
);

const ProfileIcon = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

const RedeemIcon = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9v6M18 9v6" />
  </svg>
);

/** Logs out (seed 000 section 4) and returns to the lobby. */
function useLogOutAndLeave() {
  const navigate = useNavigate();
  const logout = useLogout();
  return { pending: logout.isPending, run: () => logout.mutate(undefined, { onSettled: () => void navigate('/') }) };
}

/**
 * The signed-in header's profile menu (seed 000 section 2 'Layout'): the player's avatar and name,
 * opening a menu with My Account (the profile page) and Log Out. Sits in the header's signed-in slot next to the wallet's actions.
 */
export function AccountMenu() {
  const user = useAuthStore((state) => state.user);
  const profileImage = useProfile().data?.profileImage;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLAnchorElement>(null);
  const logOut = useLogOutAndLeave();

  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const initial = user.username.charAt(0).toUpperCase();
  const image = profileImage || null;
  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${user.username}`}
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 cursor-pointer items-center gap-2 rounded-full border border-night-600 bg-night-800/70 p-0.5 pr-1 transition hover:border-gold-400 sm:pr-3"
      >
        {image ? (
          <img src={image} alt="" className="h-9 w-9 rounded-full object-cover" />
        ) : (
          // The initial is drawn by CSS: as text it would be part of the button's visible label, which
          // then no longer matches the name a voice user says (WCAG 2.5.3 Label in Name).
          <span
            aria-hidden="true"
            data-initial={initial}
            className="flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br from-neon-violet to-neon-pink font-black text-white before:content-[attr(data-initial)]"
          />
        )}
        <span className="hidden max-w-32 truncate text-sm font-semibold text-ink sm:block">{user.username}</span>
        <svg
          viewBox="0 0 24 24"
          className={cn('hidden h-4 w-4 text-ink-muted transition sm:block', open && 'rotate-180')}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Account"
          className="absolute right-0 z-50 mt-2 w-64 rounded-2xl border border-night-500/60 bg-night-850 p-2 shadow-2xl"
        >
          <div className="border-b border-night-700 px-3 pt-1 pb-3" role="none">
            <p className="truncate font-semibold text-ink">{user.username}</p>
            <p className="truncate text-xs text-ink-muted">{user.email}</p>
          </div>
          <Link
            ref={firstItem}
            to={accountDetailsPath()}
            role="menuitem"
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-ink-muted transition hover:bg-night-700 hover:text-ink focus-visible:bg-night-700"
          >
            {ProfileIcon}
            My Account
          </Link>
          <Link
            to="/redeem"
            role="menuitem"
            onClick={() => setOpen(false)}
            className="mt-1 flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-ink-muted transition hover:bg-night-700 hover:text-ink focus-visible:bg-night-700"
          >
            {RedeemIcon}
            Redeem
          </Link>
          <button
            type="button"
            role="menuitem"
            disabled={logOut.pending}
            onClick={() => {
              setOpen(false);
              logOut.run();
            }}
            className="mt-1 flex w-full cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-ink-muted transition hover:bg-night-700 hover:text-ink focus-visible:bg-night-700"
          >
            {LogOutIcon}
            Log Out
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The sidebar's Log Out entry (seed 000 section 2 'Layout'), last in the list. */
export function SidebarLogOut({ onNavigate }: { onNavigate?: () => void }) {
  const logOut = useLogOutAndLeave();
  return (
    <button
      type="button"
      disabled={logOut.pending}
      onClick={() => {
        onNavigate?.();
        logOut.run();
      }}
      className="mt-auto flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-ink-muted transition hover:bg-night-800 hover:text-ink"
    >
      <span className="flex h-5 w-5 items-center justify-center">{LogOutIcon}</span>
      Log Out
    </button>
  );
}

/**
 * The sidebar's profile shortcut (seed 000 section 2 'Layout'), second after the search: the
 * player's avatar and name, to the profile page.
 */
export function SidebarProfileShortcut({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAuthStore((state) => state.user);
  const profileImage = useProfile().data?.profileImage || null;
  if (!user) return null;
  return (
    <Link
      to={accountDetailsPath()}
      onClick={onNavigate}
      className="flex items-center gap-3 rounded-2xl border border-night-700 bg-night-800/60 p-2.5 transition hover:border-gold-400"
    >
      {profileImage ? (
        <img src={profileImage} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-neon-violet to-neon-pink font-black text-white"
        >
          {user.username.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-bold text-ink">{user.username}</span>
        <span className="text-xs text-ink-muted">My Profile</span>
      </span>
    </Link>
  );
}
