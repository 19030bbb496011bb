import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, className, id, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="flex cursor-pointer items-start gap-2.5 text-sm leading-snug text-ink-muted">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-gold-500"
          {...rest}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="pl-6.5 text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
