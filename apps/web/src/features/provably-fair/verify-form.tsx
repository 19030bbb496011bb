import { FAIR_PROFILES, FAIR_TITLES } from '@casino/contracts/game-math/fair-games';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import type { VerifyFields } from './fragment';
import { RoundView } from './round-view';
import { verifyFields, type VerifyAnswer } from './verify';

const gameOptions = [...FAIR_TITLES]
  .map((title) => ({
    value: title.id,
    label: `${title.name} (${FAIR_PROFILES.get(title.profile)?.kind === 'slot' ? 'slot' : 'scratch card'})`,
  }))
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * The verifier: the seeds of a round in, its outcome out, drawn in this browser. Opened from a
 * round's link with every field filled, it draws the round at once. Its fields start from
 * `initial`; give it a new key for new ones.
 */
export function VerifyForm({ initial }: { initial: VerifyFields }) {
  const [fields, setFields] = useState(initial);
  const [answer, setAnswer] = useState<VerifyAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  async function run(next: VerifyFields) {
    setBusy(true);
    try {
      setAnswer(await verifyFields(next));
    } catch {
      setAnswer({ ok: false, message: 'This browser could not compute the round (Web Crypto is needed).' });
    } finally {
      setBusy(false);
    }
  }

  // A link with every seed draws its round when the page opens (the page gives each link's seeds
  // a form of their own: a new key).
  useEffect(() => {
    if (!initial.game || !initial.serverSeed || !initial.clientSeed) return;
    let live = true;
    verifyFields(initial).then(
      (drawn) => live && setAnswer(drawn),
      () => live && setAnswer({ ok: false, message: 'This browser could not compute the round (Web Crypto is needed).' }),
    );
    return () => {
      live = false;
    };
  }, [initial]);

  useEffect(() => {
    if (answer) result.current?.focus();
  }, [answer]);

  const set = (key: keyof VerifyFields) => (event: { target: { value: string } }) => setFields({ ...fields, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(fields);
  };

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="Verify a round">
        <Select label="Game" required value={fields.game} onChange={set('game')} options={gameOptions} placeholder="Choose the game" />
        <Input
          label="Server seed (revealed)"
          required
          value={fields.serverSeed}
          onChange={set('serverSeed')}
          spellCheck={false}
          autoComplete="off"
          className="sm:col-span-2"
          hint="64 hex digits, shown once you rotate your seeds"
          placeholder="e.g. 3f9a…"
        />
        <Input label="Client seed" required value={fields.clientSeed} onChange={set('clientSeed')} spellCheck={false} autoComplete="off" />
        <Input label="Nonce" required inputMode="numeric" pattern="[0-9]*" value={fields.nonce} onChange={set('nonce')} />
        <Input
          label="Bet (optional)"
          inputMode="decimal"
          value={fields.bet}
          onChange={set('bet')}
          hint="The game's smallest bet when empty"
        />
        <Input
          label="Hash you were shown (optional)"
          value={fields.hash}
          onChange={set('hash')}
          spellCheck={false}
          autoComplete="off"
          hint="To check the seed is the one promised"
        />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" loading={busy} className="w-full sm:w-auto">
            Verify round
          </Button>
        </div>
      </form>
      <div ref={result} tabIndex={-1} aria-live="polite" className="outline-none">
        {answer === null ? null : answer.ok ? (
          <section aria-label="Verified round" className="rounded-2xl border border-night-600/70 bg-night-900/70 p-3 sm:p-6">
            <RoundView round={answer.round} hashMatches={answer.hashMatches} />
          </section>
        ) : (
          <p role="alert" className="rounded-xl border border-danger/60 bg-danger/10 px-3 py-2 text-sm font-semibold text-danger">
            {answer.message}
          </p>
        )}
      </div>
    </div>
  );
}
