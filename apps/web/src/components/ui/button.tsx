import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-gradient-to-b from-gold-300 to-gold-500 text-night-950 shadow-gold hover:brightness-110 active:brightness-95',
  secondary: 'bg-gradient-to-b from-neon-violet to-[#7c3aed] text-white shadow-glow hover:brightness-110',
  outline: 'border border-night-500 bg-night-800/60 text-ink hover:border-gold-400 hover:text-gold-300',
  ghost: 'text-ink-muted hover:bg-night-700/60 hover:text-ink',
  danger: 'bg-danger text-white hover:brightness-110',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-xs',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10 p-0',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button's look, for a link that leads somewhere but looks like a button: a button inside a
 * link is two controls in one (two Tab stops, an invalid nesting for screen readers).
 */
export function buttonClasses({ variant = 'primary', size = 'md' }: { variant?: keyof typeof variants; size?: keyof typeof sizes } = {}) {
  return cn(
    'inline-flex cursor-pointer items-center justify-center gap-2 rounded-xl font-bold tracking-wide uppercase transition select-none',
    'disabled:cursor-not-allowed disabled:opacity-50',
    variants[variant],
    sizes[size],
  );
}

export function Button({ variant = 'primary', size = 'md', loading = false, className, children, disabled, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(buttonClasses({ variant, size }), className)}
      {...rest}
    >
      {loading ? <Spinner className="h-4 w-4" /> : null}
      {children}
    </button>
  );
}
