import { bankLinkMessageSchema, redeemTexts } from '@casino/contracts/redeem';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useLinkBank } from '../api';

/**
 * 'Link your bank account': the payout provider's bank-link widget in a frame (choose a bank,
 * sign in, pick an account). The widget hands back only a reference, which goes to PUT
 * /payment/bank-details; a result modal then shows success or failure (seed 001 section 4 'Other').
 */
export function BankLinkDialog({ linkUrl, onClose }: { linkUrl: string; onClose: () => void }) {
  const linkBank = useLinkBank();
  const [result, setResult] = useState<'saved' | 'failed' | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const mutate = useRef(linkBank.mutate);
  mutate.current = linkBank.mutate;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const message = bankLinkMessageSchema.safeParse(event.data);
      if (!message.success) return;
      mutate.current(message.data.accountReference, {
        onSuccess: () => setResult('saved'),
        onError: () => setResult('failed'),
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (result) {
    const saved = result === 'saved';
    return (
      <Dialog open title={saved ? 'Success' : 'Failed'} onClose={onClose} size="sm">
        <div className="flex flex-col gap-4 text-center">
          <p className={saved ? 'text-sm text-ink' : 'text-sm text-danger'} role="status">
            {saved ? redeemTexts.bankSaved : redeemTexts.bankSaveFailed}
          </p>
          <Button size="lg" onClick={onClose}>
            Close
          </Button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog open title="Link your bank account" onClose={onClose} size="md">
      <iframe
        ref={frame}
        src={linkUrl}
        title="Bank link"
        className="h-[440px] w-full rounded-2xl border border-night-600 bg-night-900"
        data-testid="bank-link-frame"
      />
      {linkBank.isPending ? <p className="mt-3 text-center text-sm text-ink-muted">Saving your bank details…</p> : null}
    </Dialog>
  );
}
