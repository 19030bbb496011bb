import { accountTexts } from '@casino/contracts/account';
import { contentImageRules } from '@casino/contracts/admin-content';
import { useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { controlBorder, controlClass, describedBy, Field } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { adminErrorText } from '../admin-http';
import { useUploadContentImage } from './content-images-api';

const tooLarge = accountTexts.imageTooLarge.replace('{max}', String(contentImageRules.maxBytes / 1_000_000));

/**
 * An image address field with its "Upload image" control and a preview: an uploaded file is
 * checked by the server (type by content, re-encoded, at most 5 MB) and its address fills the
 * field; a refused file shows the server's reason under the field. A file above the limit is
 * refused here first, without sending 5 MB for nothing.
 */
export function ImageUrlField({
  label,
  value,
  error,
  registration,
  onUploaded,
  className,
}: {
  label: string;
  /** The field's current value (watched), for the preview. */
  value: string | null | undefined;
  error?: string | undefined;
  registration: UseFormRegisterReturn;
  onUploaded: (url: string) => void;
  className?: string;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadContentImage();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shownError = uploadError ?? error;
  const preview = value && value.startsWith('/') && !value.startsWith('//') ? value : null;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > contentImageRules.maxBytes) {
      setUploadError(tooLarge);
      return;
    }
    try {
      const image = await upload.mutateAsync(file);
      onUploaded(image.url);
    } catch (failure) {
      setUploadError(adminErrorText(failure));
    }
  };

  return (
    <Field id={id} label={label} error={shownError} className={className}>
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
        <input
          id={id}
          autoComplete="off"
          placeholder="/api/v1/content-images/..."
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(id, shownError, undefined)}
          className={cn(controlClass, controlBorder(shownError), 'min-w-0 flex-1')}
          {...registration}
          onChange={(event) => {
            setUploadError(null);
            void registration.onChange(event);
          }}
        />
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          tabIndex={-1}
          aria-label={`Image file for ${label}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again uploads it again.
            event.target.value = '';
            void onFile(file);
          }}
        />
        <Button variant="outline" size="sm" className="h-11 shrink-0" loading={upload.isPending} onClick={() => fileInput.current?.click()}>
          Upload image
        </Button>
      </div>
      {preview ? (
        <img
          src={preview}
          alt={`Preview of ${label.toLowerCase()}`}
          className="max-h-32 w-auto max-w-full self-start rounded-lg border border-night-600 object-contain"
        />
      ) : null}
    </Field>
  );
}
