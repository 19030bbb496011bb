import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthStore } from '../auth';
import { emptyFields, fieldsFromFragment, type VerifyFields } from './fragment';
import { SeedsPanel } from './seeds-panel';
import { VerifyForm } from './verify-form';

const steps = [
  {
    title: 'Before you play',
    text: 'We pick a server seed of 32 random bytes and show you its SHA-256 hash. The hash binds us to the seed without telling it: no other seed has the same hash.',
  },
  {
    title: 'Your part',
    text: 'Your client seed is mixed into every round. It starts random; change it whenever you like. Each round also has a nonce: 0 for the first round with a seed pair, then 1, 2, 3…',
  },
  {
    title: 'The draw',
    text: 'A round reads HMAC-SHA256(server seed, "client seed:nonce:0"), then ":1", ":2"… as needed, as 32-bit numbers. Each reel stop, prize draw and card shuffle takes the next number n and keeps it only if it is below the largest multiple of the range that fits in 32 bits (rejection sampling), then takes n mod range: every result is exactly as likely as the others.',
  },
  {
    title: 'Check it',
    text: 'Rotate your seeds to reveal the server seed of your rounds so far and start a new pair. Paste the seeds below: this page draws the round again in your browser, with no call to our server, and shows the same reels or card and the same win.',
  },
];

/**
 * /provably-fair, open to everyone: how a round is drawn from seeds that can be checked, a
 * verifier that draws a round again in the browser (Web Crypto, the game server's own math), and
 * for a signed-in player their seeds. A round's link fills the verifier from the address's
 * fragment.
 */
export function Component() {
  const { hash } = useLocation();
  const fromLink = useMemo(() => fieldsFromFragment(hash), [hash]);
  // Seeds the player picked from their revealed pairs, until the address's fragment changes.
  const [picked, setPicked] = useState<{ hash: string; fields: VerifyFields } | null>(null);
  const initial = picked && picked.hash === hash ? picked.fields : fromLink;
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  useEffect(() => {
    document.title = 'Provably fair · Lucky Crown';
  }, []);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-3 py-6 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-black tracking-wide text-gradient-gold uppercase sm:text-4xl">Provably fair</h1>
        <p className="max-w-3xl text-ink-muted">
          Every round of our slots and scratch cards is drawn from seeds you can check. We commit to ours before you play; you add your own;
          afterwards anyone can draw the round again and get the same result.
        </p>
      </header>

      <section aria-labelledby="how-it-works" className="flex flex-col gap-4">
        <h2 id="how-it-works" className="font-display text-xl font-extrabold">
          How it works
        </h2>
        <ol className="grid gap-3 md:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-3 rounded-2xl border border-night-600/70 bg-night-900/60 p-4">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-b from-gold-300 to-gold-500 font-black text-night-950"
              >
                {index + 1}
              </span>
              <div className="flex flex-col gap-1">
                <h3 className="font-bold">{step.title}</h3>
                <p className="text-sm text-ink-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="text-sm text-ink-faint">
          A slot draws one stop per reel (reel 1 first) over its reel strip; a scratch card draws its prize first, weighted by the prize
          table, then shuffles the cells to show it. The published return to player of every game is unchanged by this draw. The same check
          runs from the command line: <code className="font-mono text-ink-muted">node scripts/verify-round.mjs</code> in our repository.
        </p>
      </section>

      <section aria-labelledby="verify" className="flex flex-col gap-4 rounded-3xl border border-night-600/70 bg-night-850/70 p-3 sm:p-6">
        <h2 id="verify" className="font-display text-xl font-extrabold">
          Verify a round
        </h2>
        <VerifyForm key={JSON.stringify(initial)} initial={initial} />
      </section>

      {signedIn ? (
        <section
          aria-labelledby="your-seeds"
          className="flex flex-col gap-4 rounded-3xl border border-night-600/70 bg-night-850/70 p-4 sm:p-6"
        >
          <h2 id="your-seeds" className="font-display text-xl font-extrabold">
            Your seeds
          </h2>
          <SeedsPanel
            onUse={(seeds) => {
              setPicked({ hash, fields: { ...emptyFields, game: initial.game, ...seeds } });
              document.getElementById('verify')?.scrollIntoView({ behavior: 'smooth' });
            }}
          />
        </section>
      ) : null}
    </div>
  );
}
