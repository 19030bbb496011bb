import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';

/** A link-looking button for in-dialog moves (Forgot The Password, REGISTER, SIGN IN). */
export function TextButton({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={cn(
        'cursor-pointer rounded font-semibold text-gold-300 underline-offset-4 hover:text-gold-400 hover:underline focus-visible:underline',
        className,
      )}
      {...rest}
    />
  );
}
