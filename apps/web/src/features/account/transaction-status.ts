import { transactionStatus } from '@casino/contracts/store';

/** Seed 001 section 4 'Transaction status numbers'; any other value shows Cancelled. */
const labels: Record<number, string> = {
  [transactionStatus.pending]: 'Pending',
  [transactionStatus.success]: 'Success',
  [transactionStatus.cancelled]: 'Cancelled',
  [transactionStatus.failed]: 'Failed',
  [transactionStatus.declined]: 'Declined',
  [transactionStatus.inProcess]: 'In-process',
  [transactionStatus.refund]: 'Refund',
  [transactionStatus.short]: 'Short',
};

export function transactionStatusLabel(status: number): string {
  return labels[status] ?? 'Cancelled';
}

export function transactionStatusTone(status: number): string {
  if (status === transactionStatus.success) return 'bg-emerald-sc/15 text-emerald-sc';
  if (status === transactionStatus.pending || status === transactionStatus.inProcess) return 'bg-gold-400/15 text-gold-300';
  if (status === transactionStatus.refund) return 'bg-neon-violet/15 text-neon-violet';
  return 'bg-danger/15 text-danger';
}
