import type { Popup } from '@casino/contracts/popups';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { markDismissed } from './dismissed';

/**
 * A popup (seed 000 section 3): its image, textOne as the title, textTwo and textThree, and its
 * button leading inside the site. Closing it or pressing its button dismisses a one-time popup.
 */
export function PopupDialog({ popup, close }: { popup: Popup; close: () => void }) {
  const navigate = useNavigate();
  const dismiss = () => {
    markDismissed(popup);
    close();
  };
  return (
    <Dialog open title={popup.textOne} onClose={dismiss}>
      <div className="flex flex-col gap-4" data-testid="popup">
        <picture>
          <source media="(max-width: 639px)" srcSet={popup.mobileImageUrl} />
          <img src={popup.desktopImageUrl} alt="" width={480} height={320} className="aspect-[3/2] w-full rounded-xl object-cover" />
        </picture>
        {popup.textTwo ? <p className="text-base font-semibold">{popup.textTwo}</p> : null}
        {popup.textThree ? <p className="text-sm text-ink-muted">{popup.textThree}</p> : null}
        {popup.btnText ? (
          <Button
            className="w-full"
            onClick={() => {
              dismiss();
              if (popup.btnRedirection) void navigate(popup.btnRedirection);
            }}
          >
            {popup.btnText}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
