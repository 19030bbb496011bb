import { create } from 'zustand';

/** Where the latest location check stands, for the Location Issue dialog's Retry button. */
export interface LocationStatus {
  status: 'idle' | 'checking' | 'passed' | 'failed';
  message: string | null;
  set: (next: Pick<LocationStatus, 'status' | 'message'>) => void;
}

export const useLocationStatus = create<LocationStatus>()((set) => ({
  status: 'idle',
  message: null,
  set: (next) => set(next),
}));
