import { create } from 'zustand';

interface RealtimeStatus {
  /** True while a STOMP session is open; the real-time client (a later issue) drives it. */
  connected: boolean;
  setConnected(connected: boolean): void;
}

export const useRealtimeStatus = create<RealtimeStatus>()((set) => ({
  connected: false,
  setConnected: (connected) => set({ connected }),
}));
