import type { KeyboardEvent } from 'react';
import { Input, type InputProps } from '../../../components/ui/input';

/** Keys the amount input lets through besides digits (seed 001 section 2 'Redeem page'). */
const ALLOWED_KEYS = new Set(['Backspace', 'Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Delete', 'Home', 'End', 'Enter']);

function digitsOnly(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (/^\d$/.test(event.key) || ALLOWED_KEYS.has(event.key)) return;
  event.preventDefault();
}

/** The redeem amount: digits only, typed or pasted. */
export function AmountInput({ onChange, ...rest }: Omit<InputProps, 'onChange'> & { onChange: (value: string) => void }) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      onKeyDown={digitsOnly}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      {...rest}
    />
  );
}
