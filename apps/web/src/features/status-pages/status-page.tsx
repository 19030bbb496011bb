import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame shared by the status pages: a large code or emblem, a title, text and a way home. */
export function StatusPage({ emblem, title, children }: { emblem: ReactNode; title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-5 px-6 py-16 text-center">
      <div className="font-display text-7xl font-black text-gradient-gold sm:text-8xl">{emblem}</div>
      <h1 className="font-display text-2xl font-extrabold tracking-wide uppercase sm:text-3xl">{title}</h1>
      {children}
    </section>
  );
}

export function HomeLink({ label = 'Go to Home' }: { label?: string }) {
  return (
    <Link
      to="/"
      className="inline-flex h-12 items-center justify-center rounded-xl bg-gradient-to-b from-gold-300 to-gold-500 px-8 font-bold tracking-wide text-night-950 uppercase shadow-gold hover:brightness-110"
    >
      {label}
    </Link>
  );
}
