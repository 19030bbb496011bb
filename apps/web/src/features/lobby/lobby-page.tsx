import { Button } from '../../components/ui/button';
import { useAuthDialog } from '../auth/auth-dialog-store';
import { useAuthStore } from '../auth/auth-store';

export function Component() {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const show = useAuthDialog((state) => state.show);
  return (
    <div className="px-3 py-5 sm:px-5">
      <section className="relative overflow-hidden rounded-3xl border border-night-600/70 bg-gradient-to-br from-[#3b1d8f] via-[#1d1250] to-[#0d0a26] p-8 sm:p-12">
        <div aria-hidden="true" className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-neon-pink/30 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-24 left-1/3 h-72 w-72 rounded-full bg-gold-500/20 blur-3xl" />
        <div className="relative flex max-w-xl flex-col gap-4">
          <p className="text-sm font-bold tracking-[0.3em] text-gold-300 uppercase">Social Casino</p>
          <h1 className="font-display text-4xl leading-tight font-black sm:text-5xl">
            Spin, scratch and win with <span className="text-gradient-gold">Sweeps Coins</span>
          </h1>
          <p className="text-ink-muted">Free to play. Daily bonuses. Real prizes for Sweeps Coins once played through.</p>
          {signedIn ? null : (
            <div className="flex flex-wrap gap-3">
              <Button size="lg" onClick={() => show('signup')}>
                Join Now
              </Button>
              <Button size="lg" variant="outline" onClick={() => show('login')}>
                Login
              </Button>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
