import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-2xl border border-night-600/70 bg-gradient-to-b from-night-800/90 to-night-850/90 p-5 shadow-xl', className)}
      {...rest}
    />
  );
}
