import { SPIN_WHEEL_FOLLOW_UP_MS, spinWheelTexts, type SpinWheelResult } from '@casino/contracts/spin-wheel';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CoinIcon } from '../../components/ui/coin-icon';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatAmount } from '../../lib/format';
import { prefersReducedMotion } from '../../lib/motion';
import { ApiError } from '../../lib/http';
import { profileQueryKey } from '../auth';
import { applyWallet, walletHold } from '../wallet';
import { spinTheWheel, spinWheelKey, spinWheelQuery } from './api';
import { useSpinSounds } from './use-spin-sounds';
import { rotationFor, Wheel } from './wheel';

const SPIN_MS = 5_600;
const pad = (value: number) => String(value).padStart(2, '0');

/** Hours, minutes and seconds until `until`, ticking every second (seed 000 section 9). */
function Countdown({ until, onDone }: { until: string; onDone: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, new Date(until).getTime() - now);
  useEffect(() => {
    if (left === 0) onDone();
  }, [left, onDone]);
  const seconds = Math.floor(left / 1_000);
  const parts = [
    ['Hours', Math.floor(seconds / 3_600)],
    ['Minutes', Math.floor((seconds % 3_600) / 60)],
    ['Seconds', seconds % 60],
  ] as const;
  return (
    <div className="flex justify-center gap-3" role="timer" aria-label={spinWheelTexts.nextSpinIn}>
      {parts.map(([label, value]) => (
        <div key={label} className="flex w-20 flex-col items-center rounded-2xl border border-night-600 bg-night-900 py-3">
          <span className="font-display text-3xl font-black text-gold-300 tabular-nums" data-testid={`countdown-${label.toLowerCase()}`}>
            {pad(value)}
          </span>
          <span className="text-xs text-ink-muted uppercase">{label}</span>
        </div>
      ))}
    </div>
  );
}

function SoundToggle({ enabled, onToggle }: { enabled: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      // Named by its visible text (WCAG 2.5.3), its state told by aria-pressed.
      aria-pressed={enabled}
      className="flex items-center gap-2 rounded-full border border-night-600 bg-night-800 px-3 py-1.5 text-sm font-semibold text-ink-muted transition hover:text-ink"
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M4 9v6h4l5 4V5L8 9z" />
        {enabled ? <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" /> : <path d="M17 9l5 6M22 9l-5 6" />}
      </svg>
      {enabled ? 'Sound on' : 'Sound off'}
    </button>
  );
}

/**
 * /spin-wheel (seed 000 sections 2 and 4): the wheel and SPIN while unclaimed; the spin stops on
 * the segment the server drew, then the won GC and SC and 'Go To Home'; 10 s after the result the
 * profile is read again. Once claimed: the countdown to the next spin and the come-back message.
 */
export function Component() {
  const queryClient = useQueryClient();
  const wheel = useQuery(spinWheelQuery());
  const sounds = useSpinSounds();
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinWheelResult | null>(null);
  const [showResult, setShowResult] = useState(false);
  const resultHeading = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  // The follow-up of seed 000 section 4: 10 s after the result shows, the user details are read again.
  useEffect(() => {
    if (!showResult) return;
    // SPIN is gone with the wheel: the focus goes to the result, which a screen reader then reads.
    resultHeading.current?.focus();
    const timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: profileQueryKey }), SPIN_WHEEL_FOLLOW_UP_MS);
    return () => window.clearTimeout(timer);
  }, [showResult, queryClient]);

  const segments = wheel.data?.wheelConfiguration ?? [];
  const claimed = wheel.data?.isSpinWheelBonusClaimed ?? false;

  async function spin() {
    if (spinning || segments.length === 0) return;
    // The click is the interaction browsers ask for before any sound.
    if (!sounds.enabled) sounds.setEnabled(true);
    setSpinning(true);
    // The header's balance waits for the wheel to stop, as it waits for a game round's outcome.
    walletHold.hold();
    try {
      const won = await spinTheWheel();
      sounds.play('spin');
      setRotation((current) =>
        rotationFor(
          segments.findIndex((segment) => segment.index === won.index),
          segments.length,
          current,
        ),
      );
      // With reduced motion the wheel does not turn (styles.css), so the result shows at once.
      const turnMs = prefersReducedMotion() ? 0 : SPIN_MS;
      window.setTimeout(() => {
        sounds.stop('spin');
        if (won.isJackpot) sounds.play('jackpot');
        setResult(won);
        setShowResult(true);
        setSpinning(false);
        walletHold.release();
        applyWallet(queryClient, won.userWallet);
        // The wheel's state now says claimed, for the countdown after the result.
        queryClient.setQueryData(spinWheelKey, (list: typeof wheel.data) =>
          list ? { ...list, isSpinWheelBonusClaimed: true, spinWheelClaimedAt: won.spinWheelClaimedAt, nextSpinAt: won.nextSpinAt } : list,
        );
      }, turnMs);
    } catch (error) {
      walletHold.release();
      setSpinning(false);
      toast.error(error instanceof ApiError ? error.message : 'The wheel could not be spun. Please try again.');
      void queryClient.invalidateQueries({ queryKey: spinWheelKey });
    }
  }

  return (
    <div className="flex flex-col items-center gap-6 px-3 py-6 sm:px-5">
      <div className="flex w-full max-w-3xl items-center justify-between gap-3">
        <h1 className="font-display text-2xl font-black tracking-wide uppercase sm:text-3xl">{spinWheelTexts.title}</h1>
        <SoundToggle enabled={sounds.enabled} onToggle={() => sounds.setEnabled(!sounds.enabled)} />
      </div>
      {/* Present before the result, so screen readers announce what the wheel gave when it stops. */}
      <p role="status" className="sr-only" data-testid="spin-announcement">
        {showResult && result
          ? `${result.isJackpot ? 'Jackpot!' : spinWheelTexts.youWon} ${formatAmount(result.gc)} GC${result.sc > 0 ? ` and ${formatAmount(result.sc)} SC` : ''}.`
          : ''}
      </p>
      {wheel.isPending ? (
        <Skeleton className="aspect-square w-full max-w-[420px] rounded-full" />
      ) : wheel.isError ? (
        <Card role="alert" className="w-full max-w-3xl text-ink-muted">
          {wheel.error instanceof ApiError ? wheel.error.message : 'The wheel could not be loaded. Please try again.'}
        </Card>
      ) : showResult && result ? (
        <Card className="flex w-full max-w-md flex-col items-center gap-5 text-center" data-testid="spin-result">
          <p
            ref={resultHeading}
            tabIndex={-1}
            className="font-display text-3xl font-black tracking-wide text-gold-300 uppercase outline-none"
          >
            {result.isJackpot ? 'Jackpot!' : spinWheelTexts.youWon}
          </p>
          <div className="flex flex-col gap-2 text-2xl font-black">
            <span className="flex items-center justify-center gap-2">
              <CoinIcon coin="GC" className="h-7 w-7" /> {formatAmount(result.gc)} GC
            </span>
            {result.sc > 0 ? (
              <span className="flex items-center justify-center gap-2">
                <CoinIcon coin="SC" className="h-7 w-7" /> {formatAmount(result.sc)} SC
              </span>
            ) : null}
          </div>
          <Link to="/" className={cn(buttonClasses(), 'w-full')}>
            {spinWheelTexts.goToHome}
          </Link>
        </Card>
      ) : claimed && !spinning ? (
        <Card className="flex w-full max-w-md flex-col items-center gap-5 text-center" data-testid="spin-claimed">
          <p className="text-lg font-semibold">{spinWheelTexts.comeBack}</p>
          <p className="text-sm text-ink-muted uppercase">{spinWheelTexts.nextSpinIn}</p>
          {wheel.data?.nextSpinAt ? (
            <Countdown until={wheel.data.nextSpinAt} onDone={() => void queryClient.invalidateQueries({ queryKey: spinWheelKey })} />
          ) : null}
          <Link to="/" className={cn(buttonClasses({ variant: 'secondary' }), 'w-full')}>
            {spinWheelTexts.goToHome}
          </Link>
        </Card>
      ) : (
        <>
          <Wheel segments={segments} rotation={rotation} spinning={spinning} />
          <Button size="lg" className="min-w-48" onClick={() => void spin()} loading={spinning} disabled={spinning}>
            {spinWheelTexts.spin}
          </Button>
        </>
      )}
    </div>
  );
}
